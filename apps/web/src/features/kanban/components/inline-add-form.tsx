import { useState } from 'react';
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

/** A button that turns into a one-line form: Enter adds, Escape (or leaving it empty) closes. */
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
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);

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

  const submit = async () => {
    const name = value.trim();
    if (!name) {
      setInvalid(true);
      return;
    }
    setBusy(true);
    try {
      await onAdd(name);
      setValue('');
      setInvalid(false);
    } catch {
      // The caller told the user; keep what was typed.
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
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <TextField
        autoFocus
        size="small"
        label={fieldLabel}
        placeholder={placeholder}
        value={value}
        disabled={busy}
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
          if (!value.trim() && !busy) close();
        }}
        slotProps={{ htmlInput: { maxLength } }}
        sx={{ bgcolor: 'background.paper' }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" size="small" disabled={busy}>
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
