import { Suspense, lazy, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink, Outlet, useLocation } from 'react-router';
import { MenuIcon } from '../../../components/icons.tsx';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { Logo } from '../../../components/logo.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/skip-link.tsx';
import { paths } from '../../../utils/paths.ts';
import { accentColor } from '../utils/accent.ts';

const PublicMobileMenu = lazy(() =>
  import('./public-mobile-menu.tsx').then((module) => ({ default: module.PublicMobileMenu })),
);

/** The header's links, in reading order. */
const NAV = [
  { to: paths.pricing, key: 'pricing' },
  { to: paths.aboutUs, key: 'about' },
  { to: paths.contactUs, key: 'contact' },
  { to: paths.faqs, key: 'faqs' },
] as const;

/** The footer's columns. */
const FOOTER = [
  {
    key: 'product',
    links: [
      { to: paths.pricing, key: 'pricing' },
      { to: paths.faqs, key: 'faqs' },
      { to: paths.components, key: 'components' },
      { to: paths.comingSoon, key: 'comingSoon' },
    ],
  },
  {
    key: 'company',
    links: [
      { to: paths.aboutUs, key: 'about' },
      { to: paths.contactUs, key: 'contact' },
    ],
  },
  {
    key: 'legal',
    links: [
      { to: paths.termsOfService, key: 'terms' },
      { to: paths.privacyPolicy, key: 'privacy' },
    ],
  },
] as const;

export interface PublicLayoutProps {
  /** A signed-in visitor is offered the dashboard instead of sign-in. */
  signedIn?: boolean;
}

/** The frame of the public pages: header with the way around and in, the page, the footer. */
export function PublicLayout({ signedIn = false }: PublicLayoutProps) {
  const { t } = useTranslation('general');
  const { pathname, hash } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The phone menu's code loads the first time it is opened.
  const [menuLoaded, setMenuLoaded] = useState(false);

  // A new page starts at its top (an anchor link keeps its target).
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
    setMenuOpen(false);
  }, [pathname, hash]);

  const account = signedIn
    ? { to: paths.dashboard.app, label: t('nav.dashboard') }
    : { to: paths.auth.login, label: t('nav.signIn') };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Box
        component="header"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          bgcolor: (theme) => alpha(theme.palette.background.default, 0.9),
          backdropFilter: 'blur(6px)',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Container
          maxWidth="lg"
          sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 }, minHeight: 64 }}
        >
          <Logo to={paths.home} homeLabel={t('common:homeLink')} />
          <Box
            component="nav"
            aria-label={t('nav.label')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, marginInlineStart: 4 }}
          >
            {NAV.map((item) => (
              <Button
                key={item.key}
                component={NavLink}
                to={item.to}
                color="inherit"
                size="small"
                sx={(theme) => ({
                  color: 'text.secondary',
                  fontWeight: 600,
                  px: 1.5,
                  '&[aria-current="page"]': { color: accentColor(theme) },
                })}
              >
                {t(`nav.${item.key}`)}
              </Button>
            ))}
          </Box>
          <Box sx={{ flex: 1 }} />
          <LanguagePicker />
          <Button
            component={RouterLink}
            to={account.to}
            variant={signedIn ? 'contained' : 'outlined'}
            color={signedIn ? 'primary' : 'inherit'}
            size="small"
            sx={{ display: { xs: 'none', sm: 'inline-flex' }, flexShrink: 0 }}
          >
            {account.label}
          </Button>
          {!signedIn && (
            <Button
              component={RouterLink}
              to={paths.auth.register}
              variant="contained"
              size="small"
              sx={{ display: { xs: 'none', md: 'inline-flex' }, flexShrink: 0 }}
            >
              {t('nav.register')}
            </Button>
          )}
          <IconButton
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
            aria-label={t('nav.openMenu')}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            sx={{ display: { md: 'none' }, marginInlineEnd: -1 }}
          >
            <MenuIcon />
          </IconButton>
        </Container>
      </Box>

      {menuLoaded && (
        <Suspense fallback={null}>
          <PublicMobileMenu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            links={NAV}
            account={account}
            signedIn={signedIn}
          />
        </Suspense>
      )}

      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', outline: 'none' }}
      >
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Box>

      <PublicFooter />
    </Box>
  );
}

function PublicFooter() {
  const { t } = useTranslation('general');
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', pt: 6, pb: 4 }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1fr' },
          }}
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, maxWidth: 320 }}>
            <Logo />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
              {t('footer.about')}
            </Typography>
          </Box>
          {FOOTER.map((column) => (
            <Box component="nav" key={column.key} aria-labelledby={`footer-${column.key}`}>
              <Typography
                id={`footer-${column.key}`}
                component="h2"
                variant="subtitle2"
                sx={{ mb: 1.5 }}
              >
                {t(`footer.columns.${column.key}`)}
              </Typography>
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {column.links.map((link) => (
                  <li key={link.key}>
                    <Link
                      component={RouterLink}
                      to={link.to}
                      variant="body2"
                      sx={{ color: 'text.secondary', fontWeight: 400 }}
                    >
                      {t(`footer.links.${link.key}`)}
                    </Link>
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </Box>
        <Divider sx={{ my: 4 }} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Container>
    </Box>
  );
}

export { PublicLayout as Component };
