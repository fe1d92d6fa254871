import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ContactsIcon } from '../../../components/shell-icons.tsx';
import { RoleChip } from '../../../features/admin/index.ts';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';

/** The header's contacts: the workspace's members (GET /api/members) with their roles. */
export function ContactsPopover({ currentEmail }: { currentEmail?: string }) {
  const { t } = useTranslation('navbar');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const titleId = useId();
  const { loaded: members, loading, error, reload } = useWorkspaceMembers({ enabled: open });
  const others = members?.filter((member) => member.email !== currentEmail) ?? null;

  return (
    <>
      <Tooltip title={t('contacts.title')}>
        <IconButton
          aria-label={t('contacts.open')}
          aria-haspopup="dialog"
          aria-expanded={open ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <ContactsIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 340, maxWidth: 'calc(100vw - 32px)', mt: 1 },
          },
        }}
      >
        <Box sx={{ px: 2.5, pt: 2, pb: 1, display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography id={titleId} component="h2" variant="h6">
            {t('contacts.title')}
          </Typography>
          {others && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              ({others.length})
            </Typography>
          )}
        </Box>
        <Box sx={{ px: 1, pb: 1.5, maxHeight: 400, overflowY: 'auto' }}>
          {error ? (
            <Alert
              severity="error"
              sx={{ mx: 1 }}
              action={
                <Button color="inherit" size="small" onClick={reload}>
                  {t('contacts.retry')}
                </Button>
              }
            >
              {t('contacts.error')}
            </Alert>
          ) : others === null ? (
            <Box aria-busy={loading} aria-label={t('contacts.loading')} role="status">
              {[0, 1, 2].map((row) => (
                <Box key={row} sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 1.5 }}>
                  <Skeleton variant="circular" width={40} height={40} />
                  <Box sx={{ flex: 1 }}>
                    <Skeleton width="60%" />
                    <Skeleton width="80%" />
                  </Box>
                </Box>
              ))}
            </Box>
          ) : others.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', px: 1.5, py: 2 }}>
              {t('contacts.empty')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {others.map((member) => {
                const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
                return (
                  <Box
                    component="li"
                    key={member.id}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1.5,
                      p: 1.25,
                      borderRadius: 1,
                      '&:hover': { bgcolor: 'action.hover' },
                    }}
                  >
                    <Avatar
                      aria-hidden="true"
                      sx={{
                        width: 40,
                        height: 40,
                        bgcolor: 'primary.lighter',
                        color: 'primary.darker',
                        fontSize: 15,
                      }}
                    >
                      {`${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.toUpperCase()}
                    </Avatar>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography variant="subtitle2" noWrap>
                        {name}
                      </Typography>
                      <Typography
                        variant="caption"
                        component="p"
                        noWrap
                        sx={{ color: 'text.secondary' }}
                      >
                        {member.email}
                      </Typography>
                    </Box>
                    <RoleChip role={member.role} label={t(`roles.${member.role}`)} />
                  </Box>
                );
              })}
            </Box>
          )}
        </Box>
      </Popover>
    </>
  );
}
