import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo.tsx';
import {
  NavSectionMini,
  NavSectionVertical,
  type NavGroupData,
} from '../../../components/nav-section/index.ts';
import { Scrollbar } from '../../../components/scrollbar.tsx';
import { NAV } from '../../../theme/index.ts';
import { paths } from '../../../utils/paths.ts';
import { NavToggleButton } from './nav-toggle-button.tsx';
import { WorkspaceCard } from './workspace-card.tsx';

/** The fixed menu on the side, from the `lg` breakpoint: full (280 px) or mini (88 px). */
export function NavVertical({
  data,
  mini,
  onToggleMini,
}: {
  data: NavGroupData[];
  mini: boolean;
  onToggleMini: () => void;
}) {
  const { t } = useTranslation('navbar');
  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      data-nav-layout={mini ? 'mini' : 'vertical'}
      sx={(theme) => ({
        position: 'fixed',
        top: 0,
        left: 0,
        bottom: 0,
        width: mini ? NAV.W_DASHBOARD_MINI : NAV.W_DASHBOARD,
        zIndex: theme.zIndex.appBar + 1,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        borderRight: `1px dashed ${theme.palette.divider}`,
        transition: theme.transitions.create('width', {
          duration: theme.transitions.duration.shorter,
        }),
      })}
    >
      {mini ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2.5, pb: 2 }}>
          {/* The mark alone: the wordmark does not fit in 88 px. */}
          <Logo
            to={paths.dashboard.app}
            homeLabel={t('common:homeLink')}
            sx={{ '& > span': { display: 'none' } }}
          />
        </Box>
      ) : (
        <>
          <Box sx={{ pl: 3.5, pt: 2.5, pb: 2 }}>
            <Logo to={paths.dashboard.app} homeLabel={t('common:homeLink')} />
          </Box>
          <WorkspaceCard />
        </>
      )}
      <Scrollbar sx={{ flex: 1 }}>
        {mini ? (
          <NavSectionMini data={data} sx={{ pb: 2 }} />
        ) : (
          <NavSectionVertical data={data} sx={{ pb: 3 }} />
        )}
      </Scrollbar>
      <NavToggleButton mini={mini} onClick={onToggleMini} />
    </Box>
  );
}

/** Below `lg`, every layout's menu is this drawer from the side. */
export function NavMobile({
  data,
  open,
  onClose,
}: {
  data: NavGroupData[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('navbar');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: NAV.W_DASHBOARD, bgcolor: 'background.default', display: 'flex' },
        },
      }}
    >
      <Box
        component="nav"
        aria-label={t('nav.label')}
        data-nav-layout="mobile"
        sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Box sx={{ pl: 3.5, pt: 2.5, pb: 2 }}>
          <Logo to={paths.dashboard.app} homeLabel={t('common:homeLink')} />
        </Box>
        <WorkspaceCard />
        <Scrollbar sx={{ flex: 1 }}>
          <NavSectionVertical data={data} onNavigate={onClose} sx={{ pb: 3 }} />
        </Scrollbar>
      </Box>
    </Drawer>
  );
}
