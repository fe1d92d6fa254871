import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Company } from '@beacon/contract';
import { recordApi } from '../../api/record-api.ts';
import { callErrorText } from '../utils/call-error.ts';

export type CompanyOption = Pick<Company, 'id' | 'name' | 'domain'>;

export interface CompanyPickerProps {
  value: CompanyOption | null;
  disabled?: boolean;
  /** Called with the chosen company's id, and the company itself. */
  onSave: (companyId: string | null, company: CompanyOption | null) => Promise<void>;
}

/** The person's company, chosen by searching the workspace's companies. */
export function CompanyPicker({ value, disabled, onSave }: CompanyPickerProps) {
  const { t } = useTranslation('records');
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<CompanyOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setLoading(true);
      recordApi
        .companies([], { q: query, limit: 20, signal: controller.signal })
        .then(
          (page) => setOptions(page.items),
          () => setOptions([]),
        )
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, open]);

  return (
    <Autocomplete
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      loading={loading}
      disabled={disabled}
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.name}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {option.name}
            {option.domain && (
              <span>
                {' · '}
                {option.domain}
              </span>
            )}
          </li>
        );
      }}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setQuery(text);
      }}
      onChange={(_, next) => {
        setError(null);
        onSave(next?.id ?? null, next).catch((caught: unknown) =>
          setError(callErrorText(t, caught, 'companyId')),
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('fields.companyId')}
          error={Boolean(error)}
          helperText={error ?? undefined}
        />
      )}
    />
  );
}
