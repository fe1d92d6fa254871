import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CurrentUser } from '@beacon/contract';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths, withQuery } from '../../../utils/paths.ts';

/** What the home page needs to know about the user; the rest may still be loading. */
export type DashboardUser = Pick<CurrentUser, 'email' | 'first_name' | 'last_name'> &
  Partial<Pick<CurrentUser, 'role' | 'email_verified' | 'workspace' | 'created_at'>>;

export interface DashboardAppPageProps {
  user: DashboardUser;
  /** The cards of the home page, composed by the route (features/home). */
  children?: ReactNode;
}

/** An account this young is greeted as new ("Welcome"), an older one as returning. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** Whether the account was created within the last day (its first visits). */
export function isNewAccount(createdAt: string | undefined, now = Date.now()): boolean {
  if (!createdAt) return false;
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && now - created < NEW_ACCOUNT_MS;
}

/** `/dashboard/app`: the signed-in user's home. */
export function DashboardAppPage({ user, children }: DashboardAppPageProps) {
  const { t } = useTranslation('dashboard');
  const name = user.first_name || user.email;
  const greeting = isNewAccount(user.created_at) ? 'app.greetingNew' : 'app.greeting';
  return (
    <Stack spacing={4}>
      <PageTitle title={t('app.title')} />

      {user.email_verified === false && (
        <Alert
          severity="warning"
          role="status"
          action={
            <Button
              component={RouterLink}
              to={withQuery(paths.auth.verify, { email: user.email })}
              color="inherit"
              size="small"
              variant="outlined"
            >
              {t('app.verify.action')}
            </Button>
          }
        >
          <AlertTitle>{t('app.verify.title')}</AlertTitle>
          {t('app.verify.text', { email: user.email })}
        </Alert>
      )}

      <Box>
        <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
          {t(greeting, { name })}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography sx={{ color: 'text.secondary' }}>
            {user.workspace
              ? t('app.subtitle', { workspace: user.workspace.name })
              : t('app.subtitleLoading')}
          </Typography>
          {user.role && (
            <Chip
              label={t(`roles.${user.role}`)}
              size="small"
              sx={{ bgcolor: 'primary.lighter', color: 'primary.darker', fontWeight: 600 }}
            />
          )}
        </Box>
      </Box>

      {children}
    </Stack>
  );
}
