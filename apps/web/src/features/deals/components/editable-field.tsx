import { useEffect, useState, type ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { dealsErrorText } from '../utils/error-text.ts';

export interface EditableFieldProps {
  field: string;
  label: string;
  value: string;
  /** Saves the text; rejects with the server's error, which the field then shows. */
  onSave: (text: string) => Promise<void>;
  /** A translated message, or null when the text is fine. */
  validate?: (text: string) => string | null;
  disabled?: boolean;
  multiline?: boolean;
  type?: 'text' | 'date';
  /** A select with these choices instead of free text. */
  options?: { value: string; label: string }[];
  helperText?: ReactNode;
  ltr?: boolean;
}

/** A field saved when it loses the focus or on Enter (a select: when chosen); Escape undoes. */
export function EditableField({
  field,
  label,
  value,
  onSave,
  validate,
  disabled,
  multiline,
  type = 'text',
  options,
  helperText,
  ltr,
}: EditableFieldProps) {
  const { t } = useTranslation('deals');
  const [draft, setDraft] = useState(value);
  const [focused, setFocused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!focused) setDraft(value);
  }, [value, focused]);

  const commit = async (text: string) => {
    const next = text.trim();
    if (next === value.trim()) {
      setError(null);
      return;
    }
    const problem = validate?.(next) ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave(next);
    } catch (caught) {
      const own = caught instanceof ApiError ? caught.fieldErrors?.[field]?.[0] : undefined;
      setError(own ?? dealsErrorText(t, caught));
      setDraft(value);
    } finally {
      setSaving(false);
    }
  };

  return (
    <TextField
      size="small"
      fullWidth
      select={Boolean(options)}
      type={type}
      label={label}
      value={draft}
      disabled={disabled || saving}
      multiline={multiline}
      error={Boolean(error)}
      helperText={error ?? helperText}
      onFocus={() => setFocused(true)}
      onChange={(event) => {
        setDraft(event.target.value);
        if (options) void commit(event.target.value);
      }}
      onBlur={() => {
        setFocused(false);
        if (!options) void commit(draft);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !multiline && !options) {
          event.preventDefault();
          void commit(draft);
        } else if (event.key === 'Escape') {
          setDraft(value);
          setError(null);
        }
      }}
      slotProps={{
        // A date input and a select whose empty choice has a name always show their label above.
        inputLabel: type === 'date' || options ? { shrink: true } : undefined,
        htmlInput: ltr ? { dir: 'ltr' } : undefined,
        select: options ? { displayEmpty: true } : undefined,
      }}
    >
      {options?.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
