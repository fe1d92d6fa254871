import { useEffect, useState, type ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiFailure } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/http.ts';
import { fieldErrorMessage } from '../../../utils/form-errors.ts';
import { dealsErrorText } from '../utils/error-text.ts';

export interface EditableFieldProps {
  field: string;
  label: string;
  value: string;
  /** Saves the text; rejects with the server's error, which the field then shows. */
  onSave: (text: string) => Promise<void>;
  /**
   * The contract's rule of the field (its limits are the schema's), worded by `fieldErrorMessage`
   * with `messages` (translation keys by zod issue code) before the common words.
   */
  rule?: z.ZodType;
  messages?: Partial<Record<string, string>>;
  /** A translated message, or null when the text is fine (a check beyond the rule). */
  validate?: (text: string) => string | null;
  maxLength?: number;
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
  rule,
  messages,
  validate,
  maxLength,
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
    const checked = rule?.safeParse(next);
    const issue = checked && !checked.success ? checked.error.issues[0] : undefined;
    const problem = issue
      ? (fieldErrorMessage(t, { type: issue.code, message: issue.message }, messages) ?? null)
      : (validate?.(next) ?? null);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave(next);
    } catch (caught) {
      // The server's words for this field (of the HTTP client or of an RTK Query mutation).
      const fields =
        caught instanceof ApiError
          ? caught.fieldErrors
          : isApiFailure(caught)
            ? caught.fieldErrors
            : undefined;
      const own = fields?.[field]?.[0];
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
        htmlInput: ltr || maxLength ? { ...(ltr ? { dir: 'ltr' } : {}), maxLength } : undefined,
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
