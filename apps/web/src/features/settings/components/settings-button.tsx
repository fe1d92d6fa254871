import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { SettingsIcon } from '../../../components/shell-icons.tsx';
import { useSettings } from '../hooks/use-settings.ts';

const spin = keyframes`
  from { transform: rotate(0deg); }
  to { transform: rotate(360deg); }
`;

/** The floating button at the bottom right that opens the settings drawer; hidden while open. */
export function SettingsButton() {
  const { t } = useTranslation('settings');
  const { drawerOpen, openDrawer } = useSettings();
  if (drawerOpen) return null;
  return (
    <Tooltip title={t('title')} placement="left">
      <Fab
        aria-label={t('open')}
        aria-haspopup="dialog"
        // Focus comes back here when the drawer closes (this button is drawn again then).
        data-settings-button=""
        onClick={() => openDrawer()}
        size="medium"
        sx={(theme) => ({
          position: 'fixed',
          right: { xs: 16, md: 24 },
          bottom: { xs: 16, md: 24 },
          zIndex: theme.zIndex.speedDial,
          color: theme.palette.mode === 'dark' ? 'grey.800' : 'common.white',
          bgcolor: theme.palette.mode === 'dark' ? 'common.white' : 'grey.800',
          boxShadow: theme.customShadows.dropdown,
          '&:hover': { bgcolor: theme.palette.mode === 'dark' ? 'grey.300' : 'grey.700' },
          '&:hover svg': { animation: `${spin} 2s linear infinite` },
          '@media (prefers-reduced-motion: reduce)': { '&:hover svg': { animation: 'none' } },
        })}
      >
        <SettingsIcon />
      </Fab>
    </Tooltip>
  );
}
