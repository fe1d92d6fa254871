import { Suspense, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { SkipLink } from '../../components/skip-link.tsx';
import { useSettings } from '../../features/settings/index.ts';
import { SettingsButton, SettingsDrawer } from '../../features/settings/ui.ts';
import { i18n } from '../../locales/i18n.ts';
import { HEADER } from '../../theme/index.ts';
import { DashboardHeader, type ShellLayout } from './dashboard/header.tsx';
import { DashboardMain } from './dashboard/main.tsx';
import { NavHorizontal } from './dashboard/nav-horizontal.tsx';
import { NavMobile, NavVertical } from './dashboard/nav-vertical.tsx';
import { useDashboardNav, usePageFullWidth } from './dashboard/use-dashboard-nav.ts';
import { useScrollOffset } from './dashboard/use-scroll-offset.ts';
import { StoreProvider } from '../store-provider.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { ComposeProvider, type ComposeUser } from '../../features/mail/compose/index.ts';

/** The shell's words are there before it first renders, so it never shows half-translated. */
export async function loader() {
  await i18n.loadNamespaces(['navbar', 'settings']);
  return null;
}

/**
 * The signed-in frame: a header, the menu in the layout of the display
 * settings (vertical, horizontal or mini from the `lg` breakpoint, a drawer below it), the page,
 * and the settings drawer with its floating button.
 */
export function DashboardLayout() {
  const theme = useTheme();
  const settings = useSettings();
  const lgUp = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const layout: ShellLayout = lgUp ? settings.themeLayout : 'mobile';
  const navData = useDashboardNav();
  const fullWidth = usePageFullWidth();
  const offset = useScrollOffset(HEADER.H_DASHBOARD_DESKTOP);
  const [mobileOpen, setMobileOpen] = useState(false);

  // Growing past `lg` leaves the drawer behind.
  if (lgUp && mobileOpen) setMobileOpen(false);

  return (
    <Box
      data-layout={layout}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <SkipLink />
      <DashboardHeader
        layout={layout}
        offset={offset}
        navData={navData}
        onOpenNav={() => setMobileOpen(true)}
        bottom={layout === 'horizontal' ? <NavHorizontal data={navData} /> : undefined}
      />
      {(layout === 'vertical' || layout === 'mini') && (
        <NavVertical
          data={navData}
          mini={layout === 'mini'}
          onToggleMini={() =>
            settings.update('themeLayout', layout === 'mini' ? 'vertical' : 'mini')
          }
        />
      )}
      {layout === 'mobile' && (
        <NavMobile data={navData} open={mobileOpen} onClose={() => setMobileOpen(false)} />
      )}
      <DashboardMain layout={layout} stretch={settings.themeStretch} fullWidth={fullWidth}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </DashboardMain>
      <SettingsButton />
      <SettingsDrawer />
    </Box>
  );
}

/**
 * The signed-in pages and the shell share the one store (server data and the areas' slices);
 * compose works from any of them (`useCompose`).
 */
export function Component() {
  const { user } = useAuth();
  const writer = useMemo<ComposeUser | null>(
    () =>
      user
        ? {
            id: user.id ?? '',
            firstName: user.first_name,
            lastName: user.last_name,
            email: user.email,
            workspaceName: user.workspace?.name ?? null,
          }
        : null,
    [user],
  );
  return (
    <StoreProvider>
      <ComposeProvider user={writer}>
        <DashboardLayout />
      </ComposeProvider>
    </StoreProvider>
  );
}
