import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { FoundRecord } from '../api/search.ts';

export interface RecordPickerProps {
  label: string;
  value: FoundRecord | null;
  search: (q: string, signal?: AbortSignal) => Promise<FoundRecord[]>;
  onChange: (record: FoundRecord | null) => void;
  disabled?: boolean;
  error?: string | null;
  size?: 'small' | 'medium';
}

/** A company or a person, chosen by searching the workspace (as the person page's company). */
export function RecordPicker({
  label,
  value,
  search,
  onChange,
  disabled,
  error,
  size = 'small',
}: RecordPickerProps) {
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<FoundRecord[]>([]);
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
    }, 250);
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
