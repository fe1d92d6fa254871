import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../features/auth/index.ts';

/** The workspace the user works in, at the top of the vertical menu. */
export function WorkspaceCard() {
  const { t } = useTranslation('navbar');
  const { user } = useAuth();
  const workspace = user?.workspace?.name;
  return (
    <Box
      sx={(theme) => ({
        mx: 2,
        mb: 1,
        p: 1.25,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        borderRadius: 1.5,
        bgcolor: alpha(theme.palette.grey[500], 0.08),
      })}
    >
      <Avatar
        variant="rounded"
        aria-hidden="true"
        sx={(theme) => ({
          width: 36,
          height: 36,
          fontSize: 15,
          fontWeight: 700,
          borderRadius: 1,
          color: theme.palette.secondary.contrastText,
          bgcolor: theme.palette.secondary.dark,
        })}
      >
        {workspace?.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
          {t('workspace')}
        </Typography>
        <Typography variant="subtitle2" noWrap component="p">
          {workspace ?? <Skeleton width={120} />}
        </Typography>
      </Box>
    </Box>
  );
}
