import { useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LogoutIcon } from '../../../components/icons.tsx';
import { SettingsIcon, UserIcon } from '../../../components/shell-icons.tsx';
import { RoleChip } from '../../../features/admin/index.ts';
import { useAuth } from '../../../features/auth/index.ts';
import { useSettings } from '../../../features/settings/index.ts';
import { paths } from '../../../utils/paths.ts';

/** The account menu: who is signed in, their profile, the settings drawer, and sign-out. */
export function AccountPopover() {
  const { t } = useTranslation('navbar');
  const { user, logout } = useAuth();
  const { openDrawer } = useSettings();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();

  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : '';
  const initials = user
    ? `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() || '?'
    : '';

  const signOut = () => {
    setAnchor(null);
    logout();
    void navigate(paths.auth.login, { replace: true });
  };

  return (
    <>
      <IconButton
        id={buttonId}
        aria-label={t('account.open', { name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={(theme) => ({
          p: '3px',
          background: `conic-gradient(${theme.palette.primary.light}, ${theme.palette.warning.light}, ${theme.palette.primary.light})`,
        })}
      >
        <Avatar
          aria-hidden="true"
          sx={(theme) => ({
            width: 36,
            height: 36,
            fontSize: 14,
            fontWeight: 700,
            bgcolor: 'primary.lighter',
            color: 'primary.darker',
            border: `2px solid ${theme.palette.background.default}`,
          })}
        >
          {initials}
        </Avatar>
      </IconButton>
      <Popover
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 260, mt: 1, p: 0.5 } } }}
      >
        <Box sx={{ px: 1.5, pt: 1.5, pb: 1.5 }}>
          <Typography variant="subtitle2" noWrap>
            {name}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {user?.email}
          </Typography>
          {(user?.role || user?.workspace) && (
            <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              {user.role && <RoleChip role={user.role} label={t(`roles.${user.role}`)} />}
              {user.workspace && (
                <Typography variant="caption" noWrap sx={{ color: 'text.secondary' }}>
                  {user.workspace.name}
                </Typography>
              )}
            </Box>
          )}
        </Box>
        <Divider sx={{ borderStyle: 'dashed', my: 0.5 }} />
        <MenuList
          id={menuId}
          aria-labelledby={buttonId}
          autoFocusItem={Boolean(anchor)}
          sx={{ p: 0 }}
        >
          <MenuItem component={RouterLink} to={paths.dashboard.app} onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <UserIcon fontSize="small" />
            </ListItemIcon>
            {t('account.profile')}
          </MenuItem>
          <MenuItem
            onClick={() => {
              // Focus comes back to the account button (the menu is gone by then).
              openDrawer(anchor);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <SettingsIcon fontSize="small" />
            </ListItemIcon>
            {t('account.settings')}
          </MenuItem>
          <Divider component="li" role="separator" sx={{ borderStyle: 'dashed', my: 0.5 }} />
          <MenuItem
            onClick={signOut}
            sx={(theme) => ({
              color: theme.palette.mode === 'dark' ? 'error.light' : 'error.main',
              '&:hover': { bgcolor: alpha(theme.palette.error.main, 0.08) },
            })}
          >
            <ListItemIcon sx={{ color: 'inherit' }}>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            {t('account.signOut')}
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
