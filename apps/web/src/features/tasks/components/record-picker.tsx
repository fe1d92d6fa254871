import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { relatedRecords } from '../api/tasks-api.ts';

export type PickedRecord = { id: string; label: string };

/** Picks a person or a company by name (the server's search), or none. */
export function RecordPicker({
  kind,
  label,
  value,
  onChange,
}: {
  kind: 'people' | 'companies';
  label: string;
  value: PickedRecord | null;
  onChange: (value: PickedRecord | null) => void;
}) {
  const { t } = useTranslation('tasks');
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<PickedRecord[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      relatedRecords.search(kind, input, controller.signal).then(
        (found) => {
          setOptions(found);
          setLoading(false);
        },
        () => setLoading(false),
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [kind, input]);

  return (
    <Autocomplete
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      loading={loading}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, next) => onChange(next)}
      onInputChange={(_e, text) => setInput(text)}
      noOptionsText={t('form.noMatch')}
      loadingText={t('form.searching')}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
