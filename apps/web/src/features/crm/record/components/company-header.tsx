import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Company } from '@beacon/contract';
import { GlobeIcon } from '../../../../components/icons.tsx';
import { initials, isolateLtr } from '../utils/format.ts';
import { AddToListButton, DeleteRecordButton, RecordAvatar } from './record-header-parts.tsx';

export interface CompanyHeaderProps {
  company: Company;
  ownerName: string | null;
  canEdit: boolean;
  onAddToList: () => void;
  onDelete: () => void;
}

/** The company's main facts and actions. */
export function CompanyHeader({
  company,
  ownerName,
  canEdit,
  onAddToList,
  onDelete,
}: CompanyHeaderProps) {
  const { t } = useTranslation('records');
  const location = [company.city, company.region, company.country].filter(Boolean).join(', ');
  const facts: [string, string][] = [
    [t('fields.industry'), company.industry],
    [t('fields.size'), isolateLtr(company.size ?? '')],
    [t('fields.revenueRange'), isolateLtr(company.revenueRange ?? '')],
    [t('sections.location'), location],
    [t('fields.ownerId'), ownerName ?? t('hints.noOwner')],
  ];
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2.5}>
        <Stack direction="row" spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <RecordAvatar variant="rounded" color="secondary">
            {initials(company.name)}
          </RecordAvatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
              {company.name}
            </Typography>
            {company.domain && (
              <Link
                href={`https://${company.domain}`}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('company.visitWebsite', { domain: company.domain })}
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                <GlobeIcon fontSize="small" />
                {company.domain}
              </Link>
            )}
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 1.5,
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 3,
                rowGap: 1,
                typography: 'body2',
              }}
            >
              {facts
                .filter(([, value]) => value)
                .map(([label, value]) => (
                  <Box key={label}>
                    <Box component="dt" sx={{ color: 'text.secondary', typography: 'caption' }}>
                      {label}
                    </Box>
                    <Box component="dd" sx={{ m: 0 }}>
                      {value}
                    </Box>
                  </Box>
                ))}
            </Box>
          </Box>
        </Stack>
        {canEdit && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <AddToListButton onClick={onAddToList} />
            <DeleteRecordButton onClick={onDelete} />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
