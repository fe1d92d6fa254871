import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Company } from '@beacon/contract';
import { paths } from '../../../../utils/paths.ts';
import { initials, isolateLtr } from '../utils/format.ts';

/** The person's company, linking to its page. */
export function CompanyCard({ company }: { company: Company | null }) {
  const { t } = useTranslation('records');
  return (
    <Card>
      <CardHeader
        title={t('person.company')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <Box sx={{ px: 3, pb: 3, pt: 1 }}>
        {company ? (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Avatar
              variant="rounded"
              sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
            >
              {initials(company.name)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={`${paths.dashboard.companies}/${company.id}`}
                variant="subtitle1"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {company.name}
              </Link>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {[company.domain, company.industry, isolateLtr(company.size ?? '')]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('company.peopleCount', { count: company.peopleCount })}
              </Typography>
            </Box>
          </Box>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('person.companyEmpty')}
          </Typography>
        )}
      </Box>
    </Card>
  );
}
