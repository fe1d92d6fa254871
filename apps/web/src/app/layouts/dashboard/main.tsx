import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { MAIN_CONTENT_ID } from '../../../components/skip-link.tsx';
import { HEADER, NAV, STRETCH_MEDIA_QUERY } from '../../../theme/index.ts';
import type { ShellLayout } from './header.tsx';
import { NAV_HORIZONTAL_BAR_HEIGHT } from './nav-horizontal.tsx';

export interface DashboardMainProps {
  layout: ShellLayout;
  /** The Stretch setting: the full width above 1600 px, else at most 1200 px. */
  stretch: boolean;
  /** The page asked for the full width (a board). */
  fullWidth: boolean;
  children: ReactNode;
}

/** The page's area: below the header, beside (or under) the menu, centred up to 1200 px. */
export function DashboardMain({ layout, stretch, fullWidth, children }: DashboardMainProps) {
  const side =
    layout === 'vertical' ? NAV.W_DASHBOARD : layout === 'mini' ? NAV.W_DASHBOARD_MINI : 0;
  const top =
    layout === 'horizontal'
      ? HEADER.H_DASHBOARD_DESKTOP + NAV_HORIZONTAL_BAR_HEIGHT + 24
      : layout === 'mobile'
        ? HEADER.H_MOBILE + 8
        : HEADER.H_DASHBOARD_DESKTOP + 8;
  return (
    <Box
      component="main"
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      data-stretch={stretch || undefined}
      sx={(theme) => ({
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        outline: 'none',
        pt: `${top}px`,
        pb: { xs: 8, lg: 10 },
        pl: `${side}px`,
        transition: theme.transitions.create('padding', {
          duration: theme.transitions.duration.shorter,
        }),
      })}
    >
      <Container
        maxWidth={fullWidth ? false : 'lg'}
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          px: { xs: 2, sm: 3, lg: 5 },
          ...(stretch && { [`@media ${STRETCH_MEDIA_QUERY}`]: { maxWidth: 'none' } }),
        }}
      >
        {children}
      </Container>
    </Box>
  );
}
