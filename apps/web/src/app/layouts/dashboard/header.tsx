import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../components/icons.tsx';
import { Logo } from '../../../components/logo.tsx';
import type { NavGroupData } from '../../../components/nav-section/index.ts';
import { useAuth } from '../../../features/auth/index.ts';
import { HEADER, NAV } from '../../../theme/index.ts';
import { paths } from '../../../utils/paths.ts';
import { AccountPopover } from './account-popover.tsx';
import { ContactsPopover } from './contacts-popover.tsx';
import { LanguagePopover } from './language-popover.tsx';
import { NotificationsDrawer } from './notifications-drawer.tsx';
import { SearchPalette } from './search-palette.tsx';

/** Which frame the header sits in: a layout from `lg` up, or the mobile drawer below it. */
export type ShellLayout = 'vertical' | 'mini' | 'horizontal' | 'mobile';

export interface DashboardHeaderProps {
  layout: ShellLayout;
  /** The page has scrolled past the header: it shrinks to 60 px and blurs what is under it. */
  offset: boolean;
  navData: NavGroupData[];
  onOpenNav: () => void;
  /** Under the header's row: the horizontal menu. */
  bottom?: ReactNode;
}

/**
 * The dashboard header: 64 px below `lg`, 92 px from `lg` (60 px once scrolled). Search, the
 * language, notifications, contacts and the account menu.
 */
export function DashboardHeader({
  layout,
  offset,
  navData,
  onOpenNav,
  bottom,
}: DashboardHeaderProps) {
  const { t } = useTranslation('navbar');
  const { user } = useAuth();
  const side =
    layout === 'vertical' ? NAV.W_DASHBOARD : layout === 'mini' ? NAV.W_DASHBOARD_MINI : 0;
  const solid = offset || layout === 'horizontal';

  return (
    <AppBar
      position="fixed"
      color="transparent"
      elevation={0}
      data-offset={offset || undefined}
      sx={(theme) => ({
        zIndex: theme.zIndex.appBar,
        left: 0,
        right: 'auto',
        ml: `${side}px`,
        width: side ? `calc(100% - ${side}px)` : '100%',
        color: 'text.primary',
        transition: theme.transitions.create(
          ['width', 'margin', 'background-color', 'box-shadow'],
          {
            duration: theme.transitions.duration.shorter,
          },
        ),
        ...(solid && {
          bgcolor: alpha(theme.palette.background.default, 0.8),
          backdropFilter: 'blur(6px)',
        }),
        ...(offset &&
          layout !== 'horizontal' && {
            boxShadow: `0 1px 0 ${theme.palette.divider}`,
          }),
      })}
    >
      <Toolbar
        disableGutters
        sx={(theme) => ({
          gap: { xs: 0.5, sm: 1 },
          px: { xs: 2, sm: 3, lg: 5 },
          height: HEADER.H_MOBILE,
          minHeight: { xs: HEADER.H_MOBILE },
          [theme.breakpoints.up('lg')]: {
            height: offset ? HEADER.H_DASHBOARD_DESKTOP_OFFSET : HEADER.H_DASHBOARD_DESKTOP,
            minHeight: offset ? HEADER.H_DASHBOARD_DESKTOP_OFFSET : HEADER.H_DASHBOARD_DESKTOP,
          },
          transition: theme.transitions.create('height', {
            duration: theme.transitions.duration.shorter,
          }),
        })}
      >
        {layout === 'mobile' && (
          <IconButton edge="start" aria-label={t('nav.open')} onClick={onOpenNav} sx={{ mr: 0.5 }}>
            <MenuIcon />
          </IconButton>
        )}
        {(layout === 'mobile' || layout === 'horizontal') && (
          <Logo
            to={paths.dashboard.app}
            homeLabel={t('common:homeLink')}
            compact
            sx={{ mr: { xs: 0.5, sm: 2 } }}
          />
        )}
        <SearchPalette data={navData} compact={layout === 'mobile'} />
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.25, sm: 0.75 } }}>
          <LanguagePopover />
          <NotificationsDrawer />
          <ContactsPopover currentEmail={user?.email} />
          <Box sx={{ ml: { xs: 0.5, sm: 1 } }}>
            <AccountPopover />
          </Box>
        </Box>
      </Toolbar>
      {bottom}
    </AppBar>
  );
}
