import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Role } from '@beacon/contract';
import { PageTitle } from '../../../components/page-title.tsx';
import { LockKeyIcon } from '../../../components/shell-icons.tsx';

export interface PermissionDeniedPageProps {
  /** The signed-in user's role, to say why. */
  role?: Role;
  /** Where "Back to home" goes. */
  homePath: string;
}

/** `/dashboard/permission-denied`: where a route the role may not open sends the user. */
export function PermissionDeniedPage({ role, homePath }: PermissionDeniedPageProps) {
  const { t } = useTranslation('admin');
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        py: { xs: 6, md: 10 },
        maxWidth: 520,
        mx: 'auto',
      }}
    >
      <PageTitle title={t('permissionDenied.title')} />
      <Box
        aria-hidden="true"
        sx={(theme) => ({
          width: 120,
          height: 120,
          mb: 4,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: theme.palette.mode === 'dark' ? 'primary.light' : 'primary.dark',
          bgcolor: alpha(theme.palette.primary.main, 0.12),
          boxShadow: `0 0 0 16px ${alpha(theme.palette.primary.main, 0.06)}`,
        })}
      >
        <LockKeyIcon sx={{ fontSize: 56 }} />
      </Box>
      <Typography component="h1" variant="h3" sx={{ mb: 2 }}>
        {t('permissionDenied.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: role ? 1 : 4 }}>
        {t('permissionDenied.text')}
      </Typography>
      {role && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 4 }}>
          {t('permissionDenied.yourRole', { role: t(`roles.${role}`) })}
        </Typography>
      )}
      <Button component={RouterLink} to={homePath} variant="contained" size="large">
        {t('permissionDenied.action')}
      </Button>
    </Box>
  );
}
