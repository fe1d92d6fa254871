import { useEffect, useState, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { callErrorText } from '../utils/call-error.ts';

/** Saves a field; rejects with the server's error, which the field then shows. */
export type SaveField<T> = (value: T) => Promise<void>;

interface BaseProps {
  field: string;
  label: string;
  disabled?: boolean;
  helperText?: ReactNode;
}

function useSaving(field: string) {
  const { t } = useTranslation('records');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const run = async (save: () => Promise<void>) => {
    setSaving(true);
    setError(null);
    try {
      await save();
      return true;
    } catch (caught) {
      setError(callErrorText(t, caught, field));
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { error, setError, saving, run, t };
}

export interface EditableTextProps extends BaseProps {
  value: string;
  onSave: SaveField<string>;
  /** A translated message, or null when the value is fine. */
  validate?: (value: string) => string | null;
  multiline?: boolean;
  type?: 'text' | 'email' | 'url' | 'tel';
  placeholder?: string;
}

/** A text field saved when it loses the focus or on Enter; Escape puts the saved value back. */
export function EditableText({
  field,
  label,
  value,
  onSave,
  validate,
  multiline,
  type = 'text',
  disabled,
  helperText,
  placeholder,
}: EditableTextProps) {
  const { error, setError, saving, run, t } = useSaving(field);
  const [draft, setDraft] = useState(value);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setDraft(value);
  }, [value, focused]);

  const commit = async () => {
    const next = draft.trim();
    if (next === value.trim()) {
      setError(null);
      return;
    }
    const problem = validate?.(next) ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    await run(() => onSave(next));
  };

  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      type={type}
      value={draft}
      disabled={disabled}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      placeholder={placeholder}
      error={Boolean(error)}
      helperText={error ?? (saving ? t('hints.saving') : helperText)}
      onFocus={() => setFocused(true)}
      onChange={(event) => {
        setDraft(event.target.value);
        if (error) setError(null);
      }}
      onBlur={() => {
        setFocused(false);
        void commit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (!multiline || event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          void commit();
        } else if (event.key === 'Escape') {
          setDraft(value);
          setError(null);
        }
      }}
      slotProps={{ htmlInput: { 'data-field': field } }}
    />
  );
}

export interface EditableSelectProps<T extends string> extends BaseProps {
  value: T | null;
  options: readonly { value: T; label: string }[];
  /** Offered first when the field may be empty (its label, e.g. "None"). */
  emptyLabel?: string;
  onSave: SaveField<T | null>;
}

/** A choice saved as soon as it is made. */
export function EditableSelect<T extends string>({
  field,
  label,
  value,
  options,
  emptyLabel,
  onSave,
  disabled,
  helperText,
}: EditableSelectProps<T>) {
  const { error, saving, run, t } = useSaving(field);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={value ?? ''}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? (saving ? t('hints.saving') : helperText)}
      onChange={(event) => {
        const next = event.target.value === '' ? null : (event.target.value as T);
        if (next !== value) void run(() => onSave(next));
      }}
      slotProps={{ select: { displayEmpty: emptyLabel !== undefined } }}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface EditableTagsProps extends BaseProps {
  value: string[];
  onSave: SaveField<string[]>;
  validate?: (value: string[]) => string | null;
}

/** Tags (or any list of words): typed, Enter adds one; saved at each change. */
export function EditableTags({
  field,
  label,
  value,
  onSave,
  validate,
  disabled,
  helperText,
}: EditableTagsProps) {
  const { error, setError, saving, run, t } = useSaving(field);
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      options={[] as string[]}
      value={value}
      disabled={disabled}
      onChange={(_, next) => {
        const tags = [...new Set(next.map((tag) => tag.trim()).filter(Boolean))];
        const problem = validate?.(tags) ?? null;
        if (problem) {
          setError(problem);
          return;
        }
        void run(() => onSave(tags));
      }}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={tag} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? (saving ? t('hints.saving') : helperText)}
        />
      )}
    />
  );
}
