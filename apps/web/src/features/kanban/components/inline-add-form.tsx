import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from './kanban-icons.tsx';

export interface InlineAddFormProps {
  /** The button that opens the form. */
  label: string;
  /** The text field's label. */
  fieldLabel: string;
  placeholder?: string;
  maxLength: number;
  /** Resolves once saved; the form then stays open for the next one. */
  onAdd: (name: string) => Promise<unknown>;
  fullWidth?: boolean;
}

/**
 * A button that turns into a one-line form: Enter adds, Escape (or leaving it empty) closes.
 *
 * The field empties at once on Enter and stays usable while the entry is saved, so that a second
 * name typed right after Enter is neither lost nor blocked; entries are saved one after the other,
 * in the order they were typed. A refused entry comes back into the field if it is empty.
 */
export function InlineAddForm({
  label,
  fieldLabel,
  placeholder,
  maxLength,
  onAdd,
  fullWidth = true,
}: InlineAddFormProps) {
  const { t } = useTranslation('kanban');
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(0);
  const [invalid, setInvalid] = useState(false);
  // The saves in flight, chained so that they reach the server in the order typed.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  if (!open) {
    return (
      <Button
        fullWidth={fullWidth}
        color="inherit"
        startIcon={<PlusIcon />}
        onClick={() => setOpen(true)}
        sx={{ justifyContent: 'flex-start', color: 'text.secondary' }}
      >
        {label}
      </Button>
    );
  }

  const close = () => {
    setOpen(false);
    setValue('');
    setInvalid(false);
  };

  const submit = () => {
    const name = value.trim();
    if (!name) {
      setInvalid(true);
      return;
    }
    setValue('');
    setInvalid(false);
    setPending((count) => count + 1);
    queue.current = queue.current
      .then(() => onAdd(name))
      .catch(() => {
        // The caller told the user; give back what was typed unless something new is there.
        setValue((current) => (current.trim() ? current : name));
      })
      .finally(() => setPending((count) => count - 1));
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <TextField
        autoFocus
        size="small"
        label={fieldLabel}
        placeholder={placeholder}
        value={value}
        error={invalid}
        helperText={invalid ? t('validation.required') : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          if (invalid) setInvalid(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            close();
          }
        }}
        onBlur={() => {
          if (!value.trim() && pending === 0) close();
        }}
        slotProps={{ htmlInput: { maxLength } }}
        sx={{ bgcolor: 'background.paper' }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" size="small">
          {t('actions.add')}
        </Button>
        <Button
          size="small"
          color="inherit"
          onMouseDown={(event) => event.preventDefault()}
          onClick={close}
        >
          {t('actions.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
