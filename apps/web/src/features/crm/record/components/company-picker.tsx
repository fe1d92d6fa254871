import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '@beacon/contract';
import { RecordPicker, type FoundRecord } from '../../../../components/record-picker.tsx';
import { useLazyCompanyOptionsQuery } from '../../api/record-page-api.ts';
import { callErrorText } from '../utils/call-error.ts';

export type CompanyOption = Pick<Company, 'id' | 'name' | 'domain'>;

export interface CompanyPickerProps {
  value: CompanyOption | null;
  disabled?: boolean;
  /** Called with the chosen company's id, and the company itself. */
  onSave: (companyId: string | null, company: CompanyOption | null) => Promise<void>;
}

/** A company as the shared picker shows it: its name, then its domain. */
interface FoundCompany extends FoundRecord {
  company: CompanyOption;
}

const found = (company: CompanyOption): FoundCompany => ({
  id: company.id,
  label: company.name,
  secondary: company.domain,
  company,
});

/** The person's company, chosen by searching the workspace's companies (the shared picker). */
export function CompanyPicker({ value, disabled, onSave }: CompanyPickerProps) {
  const { t } = useTranslation('records');
  const [error, setError] = useState<string | null>(null);
  const chosen = useMemo(() => (value ? found(value) : null), [value]);
  const [readOptions] = useLazyCompanyOptionsQuery();
  const search = useCallback(
    (q: string, signal?: AbortSignal) => {
      const read = readOptions(q);
      signal?.addEventListener('abort', () => read.abort());
      return read.unwrap().then((page) => page.items.map(found));
    },
    [readOptions],
  );

  return (
    <RecordPicker<FoundCompany>
      label={t('fields.companyId')}
      value={chosen}
      search={search}
      disabled={disabled}
      error={error}
      onChange={(next) => {
        setError(null);
        onSave(next?.id ?? null, next?.company ?? null).catch((caught: unknown) =>
          setError(callErrorText(t, caught, 'companyId')),
        );
      }}
    />
  );
}
