import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

/** A record a picker offers: its id, its name, and a second line (a domain, an e-mail…). */
export interface FoundRecord {
  id: string;
  label: string;
  secondary: string;
}

/** How long typing settles before the search runs. */
export const PICKER_DEBOUNCE_MS = 250;

export interface RecordPickerProps<R extends FoundRecord = FoundRecord> {
  label: string;
  value: R | null;
  /** The records matching `q` (the records search of an entity); an aborted call is dropped. */
  search: (q: string, signal?: AbortSignal) => Promise<R[]>;
  onChange: (record: R | null) => void;
  disabled?: boolean;
  error?: string | null;
  size?: 'small' | 'medium';
  /** Words for "no match" and "searching…" in the caller's namespace (MUI's English otherwise). */
  noOptionsText?: string;
  loadingText?: string;
}

/**
 * One record of the workspace (a company, a person, a deal…) chosen by searching: the search runs
 * once typing settles and only while the list is open, a newer search aborts the older one, and
 * the chosen record stays offered even when the search no longer finds it.
 */
export function RecordPicker<R extends FoundRecord = FoundRecord>({
  label,
  value,
  search,
  onChange,
  disabled,
  error,
  size = 'small',
  noOptionsText,
  loadingText,
}: RecordPickerProps<R>) {
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<R[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setLoading(true);
      search(query, controller.signal)
        .then(setOptions, () => setOptions([]))
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, PICKER_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, open, search]);

  return (
    <Autocomplete
      size={size}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      loading={loading}
      disabled={disabled}
      {...(noOptionsText ? { noOptionsText } : {})}
      {...(loadingText ? { loadingText } : {})}
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {option.label}
            {option.secondary && <span>{` · ${option.secondary}`}</span>}
          </li>
        );
      }}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setQuery(text);
      }}
      onChange={(_, next) => onChange(next)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? undefined}
        />
      )}
    />
  );
}
