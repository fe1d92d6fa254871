import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrorMessage } from '../../../utils/form-errors.ts';
import { PlusIcon } from './kanban-icons.tsx';

/** What the form holds: one name. */
export interface NameValues {
  name: string;
}

/** The contract's schema of what is added (`{ name }`: a column's or a card's). */
export type NameSchema = z.ZodType<{ name: string }, NameValues>;

export interface InlineAddFormProps {
  /** The button that opens the form. */
  label: string;
  /** The text field's label. */
  fieldLabel: string;
  placeholder?: string;
  /** The contract's schema of the entry: its limits and messages come from it. */
  schema: NameSchema;
  /** The field's longest value (the schema's), so that typing stops there. */
  maxLength?: number | undefined;
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
 * react-hook-form holds the field; the entry is checked with the contract's schema at once (not in
 * the resolver's later turn), so that the field is empty on the same keystroke.
 */
export function InlineAddForm({
  label,
  fieldLabel,
  placeholder,
  schema,
  maxLength,
  onAdd,
  fullWidth = true,
}: InlineAddFormProps) {
  const { t } = useTranslation('kanban');
  const [open, setOpen] = useState(false);
  const { control, getValues, setValue, setError, clearErrors, reset } = useForm<NameValues>({
    defaultValues: { name: '' },
  });
  const { field, fieldState } = useController({ name: 'name', control });
  const [pending, setPending] = useState(0);
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
    reset({ name: '' });
  };

  const submit = () => {
    const parsed = schema.safeParse(getValues());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError('name', { type: issue?.code ?? 'custom', message: issue?.message ?? '' });
      return;
    }
    const { name } = parsed.data;
    setValue('name', '');
    clearErrors('name');
    setPending((count) => count + 1);
    queue.current = queue.current
      .then(() => onAdd(name))
      .catch(() => {
        // The caller told the user; give back what was typed unless something new is there.
        if (!getValues('name').trim()) setValue('name', name);
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
        name={field.name}
        value={field.value}
        inputRef={field.ref}
        error={Boolean(fieldState.error)}
        helperText={fieldErrorMessage(t, fieldState.error)}
        onChange={(event) => {
          field.onChange(event);
          if (fieldState.error) clearErrors('name');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            close();
          }
        }}
        onBlur={() => {
          field.onBlur();
          if (!getValues('name').trim() && pending === 0) close();
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
