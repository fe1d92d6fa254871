import { memo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Company, Deal, Member, Person } from '@beacon/contract';
import { formatMoney } from '../../../utils/money.ts';
import type { FieldChoices } from '../filters/filter-fields.ts';
import { memberName } from '../../../utils/members.ts';
import { formatNumber } from '../record/utils/format.ts';
import type { ColumnDef } from '../state/columns.ts';
import { StageLabel } from './stage-label.tsx';

export interface RecordCellProps {
  column: ColumnDef;
  record: Person | Company | Deal;
  href: string;
  members: ReadonlyMap<string, Member>;
  labels?: FieldChoices;
  dateFormat: Intl.DateTimeFormat;
}

export function recordName(record: Person | Company | Deal): string {
  if ('firstName' in record) {
    return `${record.firstName} ${record.lastName}`.trim() || record.email;
  }
  return record.name;
}

/** One cell's content: short, one line, ellipsed. */
export const RecordCell = memo(function RecordCell({
  column,
  record,
  href,
  members,
  labels,
  dateFormat,
}: RecordCellProps) {
  const { t, i18n } = useTranslation('crm');
  const value = (record as unknown as Record<string, unknown>)[column.id];
  switch (column.kind) {
    case 'name':
      return (
        <Link
          component={RouterLink}
          to={href}
          underline="hover"
          sx={{ fontWeight: 600, color: 'text.primary' }}
          noWrap
        >
          {recordName(record) || t('table.unnamed')}
        </Link>
      );
    case 'stage':
      return typeof value === 'string' ? <StageLabel stage={value} /> : null;
    case 'money':
      return 'currency' in record && typeof value === 'number' ? (
        <>{formatMoney(value, record.currency, i18n.language)}</>
      ) : (
        <Empty />
      );
    case 'dealStage':
    case 'flag': {
      const key = typeof value === 'boolean' ? String(value) : value;
      if (typeof key !== 'string' || (column.kind === 'flag' && key === 'false')) return <Empty />;
      return <>{labels?.[column.id]?.find((c) => c.value === key)?.label ?? key}</>;
    }
    case 'day':
      return typeof value === 'string' && value ? (
        <>{dateFormat.format(Date.parse(`${value}T12:00:00Z`))}</>
      ) : (
        <Empty />
      );
    case 'enum':
      if (typeof value !== 'string') return <Empty />;
      if (labels?.[column.id]) {
        return <>{labels[column.id]?.find((c) => c.value === value)?.label ?? value}</>;
      }
      return <>{column.id === 'seniority' ? t(`enums.seniority.${value}` as never) : value}</>;
    case 'owner': {
      const member = typeof value === 'string' ? members.get(value) : undefined;
      return member ? <>{memberName(member)}</> : <Empty />;
    }
    case 'tags':
      if (!Array.isArray(value) || value.length === 0) return <Empty />;
      return (
        <Box sx={{ display: 'flex', gap: 0.5, overflow: 'hidden' }}>
          {(value as string[]).slice(0, 3).map((tag) => (
            <Chip key={tag} label={tag} size="small" variant="outlined" />
          ))}
          {value.length > 3 && <Chip label={`+${value.length - 3}`} size="small" />}
        </Box>
      );
    case 'date': {
      const time = typeof value === 'string' ? Date.parse(value) : NaN;
      return Number.isNaN(time) ? <Empty /> : <>{dateFormat.format(time)}</>;
    }
    case 'number':
      return <>{typeof value === 'number' ? formatNumber(value, i18n.language) : ''}</>;
    case 'link':
      return typeof value === 'string' && value ? (
        <Link href={value} target="_blank" rel="noopener noreferrer" noWrap>
          {value.replace(/^https?:\/\/(www\.)?/, '')}
        </Link>
      ) : (
        <Empty />
      );
    case 'email':
      return typeof value === 'string' && value ? (
        <Box component="span" dir="ltr">
          {value}
        </Box>
      ) : (
        <Empty />
      );
    default:
      return typeof value === 'string' && value ? <>{value}</> : <Empty />;
  }
});

function Empty() {
  return (
    <Box component="span" aria-hidden sx={{ color: 'text.disabled' }}>
      —
    </Box>
  );
}
