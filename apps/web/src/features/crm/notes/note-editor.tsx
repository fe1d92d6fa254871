import { useId, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { noteBodySchema } from '@beacon/contract';
import {
  BoldIcon,
  BulletsIcon,
  ItalicIcon,
  LinkIcon,
  NumberedIcon,
} from '../record/components/record-icons.tsx';
import { callErrorText } from '../record/utils/call-error.ts';
import { applyNoteCommand, type NoteCommand } from './note-editing.ts';

const NOTE_MAX = 20_000;

const COMMANDS: { command: NoteCommand; icon: ReactNode; shortcut?: string }[] = [
  { command: 'bold', icon: <BoldIcon fontSize="small" />, shortcut: 'b' },
  { command: 'italic', icon: <ItalicIcon fontSize="small" />, shortcut: 'i' },
  { command: 'bullets', icon: <BulletsIcon fontSize="small" /> },
  { command: 'numbered', icon: <NumberedIcon fontSize="small" /> },
  { command: 'link', icon: <LinkIcon fontSize="small" />, shortcut: 'k' },
];

export interface NoteEditorProps {
  initialBody?: string;
  /** The field's accessible name. */
  label: string;
  submitLabel: string;
  /** Rejects with the server's error, shown under the field. */
  onSubmit: (body: string) => Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** A note's text with a toolbar that writes the markup (bold, italic, lists, links). */
export function NoteEditor({
  initialBody = '',
  label,
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus,
}: NoteEditorProps) {
  const { t } = useTranslation('records');
  const id = useId();
  const input = useRef<HTMLTextAreaElement | null>(null);
  const [body, setBody] = useState(initialBody);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = (command: NoteCommand) => {
    const field = input.current;
    if (!field) return;
    const edit = applyNoteCommand(
      { value: body, start: field.selectionStart, end: field.selectionEnd },
      command,
      t('notes.linkText'),
    );
    setBody(edit.value);
    // Put the caret back once React has written the new text.
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(edit.start, edit.end);
    });
  };

  const submit = async () => {
    const parsed = noteBodySchema.safeParse({ body });
    if (!parsed.success) {
      setError(body.length > NOTE_MAX ? t('notes.tooLong') : t('validation.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(parsed.data.body);
      if (!initialBody) setBody('');
    } catch (caught) {
      setError(callErrorText(t, caught, 'body'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main' },
        }}
      >
        <Stack
          direction="row"
          role="toolbar"
          aria-label={t('notes.toolbar')}
          aria-controls={id}
          sx={{ px: 0.5, py: 0.25, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
        >
          {COMMANDS.map(({ command, icon }) => (
            <Tooltip key={command} title={t(`notes.${command}`)}>
              <IconButton
                size="small"
                aria-label={t(`notes.${command}`)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => run(command)}
              >
                {icon}
              </IconButton>
            </Tooltip>
          ))}
        </Stack>
        <TextField
          id={id}
          multiline
          fullWidth
          minRows={3}
          maxRows={14}
          value={body}
          autoFocus={autoFocus}
          placeholder={t('notes.placeholder')}
          inputRef={input}
          onChange={(event) => {
            setBody(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(event) => {
            const mod = event.ctrlKey || event.metaKey;
            if (mod && event.key === 'Enter') {
              event.preventDefault();
              void submit();
              return;
            }
            const shortcut = mod && COMMANDS.find((c) => c.shortcut === event.key.toLowerCase());
            if (shortcut) {
              event.preventDefault();
              run(shortcut.command);
            } else if (event.key === 'Escape' && onCancel) {
              onCancel();
            }
          }}
          variant="standard"
          slotProps={{
            input: { disableUnderline: true, sx: { px: 1.5, py: 1 } },
            htmlInput: {
              'aria-label': label,
              'aria-invalid': Boolean(error),
              'aria-describedby': error ? `${id}-error` : undefined,
            },
          }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <Box
          id={`${id}-error`}
          role={error ? 'alert' : undefined}
          sx={{ flex: 1, color: 'error.main', typography: 'caption' }}
        >
          {error}
        </Box>
        {onCancel && (
          <Button color="inherit" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" loading={busy} disabled={body.trim() === ''}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
