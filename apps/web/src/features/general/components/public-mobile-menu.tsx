import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink } from 'react-router';
import { CloseIcon } from '../../../components/icons.tsx';
import { Logo } from '../../../components/logo.tsx';
import { paths } from '../../../utils/paths.ts';
import { accentColor } from '../utils/accent.ts';

export interface PublicMobileMenuProps {
  open: boolean;
  onClose: () => void;
  /** The header's links: their path and their `general:nav.<key>` label. */
  links: readonly { to: string; key: string }[];
  /** Sign-in, or the dashboard for a signed-in visitor. */
  account: { to: string; label: string };
  signedIn: boolean;
}

/** The public header's links on a narrow screen, in a drawer from the end of the line. */
export function PublicMobileMenu({
  open,
  onClose,
  links,
  account,
  signedIn,
}: PublicMobileMenuProps) {
  const { t } = useTranslation('general');
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 300, maxWidth: '85vw' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, minHeight: 64 }}>
        <Logo />
        <Box sx={{ flex: 1 }} />
        <IconButton onClick={onClose} aria-label={t('nav.closeMenu')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('nav.label')} sx={{ p: 1.5 }}>
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {links.map((item) => (
            <li key={item.key}>
              <Button
                component={NavLink}
                to={item.to}
                onClick={onClose}
                color="inherit"
                fullWidth
                sx={(theme) => ({
                  justifyContent: 'flex-start',
                  px: 1.5,
                  py: 1.25,
                  fontSize: '1rem',
                  '&[aria-current="page"]': {
                    color: accentColor(theme),
                    bgcolor: 'action.selected',
                  },
                })}
              >
                {t(`nav.${item.key}`)}
              </Button>
            </li>
          ))}
        </Stack>
      </Box>
      <Divider />
      <Stack spacing={1.5} sx={{ p: 2.5 }}>
        <Button
          component={RouterLink}
          to={account.to}
          onClick={onClose}
          variant="outlined"
          color="inherit"
        >
          {account.label}
        </Button>
        {!signedIn && (
          <Button
            component={RouterLink}
            to={paths.auth.register}
            onClick={onClose}
            variant="contained"
          >
            {t('nav.register')}
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
