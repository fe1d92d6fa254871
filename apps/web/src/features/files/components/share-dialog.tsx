import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FileItem, FileShareAccess, Member } from '@beacon/contract';
import { CloseIcon } from '../../../components/icons.tsx';
import { useMembersQuery } from '../../../lib/members-api.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import {
  useFilesShareMutation,
  useFilesSharesQuery,
  useFilesUnshareMutation,
} from '../api/files-api.ts';

/** Shares an item with members of the workspace, to view or to edit. */
export function ShareDialog({
  item,
  myId,
  onClose,
}: {
  item: FileItem;
  myId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('files');
  const shares = useFilesSharesQuery(item.id);
  const members = useMembersQuery();
  const [share, shareState] = useFilesShareMutation();
  const [unshare] = useFilesUnshareMutation();
  const [member, setMember] = useState<Member | null>(null);
  const [access, setAccess] = useState<FileShareAccess>('view');
  const sharedIds = new Set((shares.data ?? []).map((s) => s.userId));
  const options = (members.data ?? []).filter((m) => m.id !== myId && !sharedIds.has(m.id));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('share.title')} · <bdi>{item.name}</bdi>
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {item.visibility === 'private' ? t('share.privateHint') : t('share.workspaceHint')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Autocomplete
            sx={{ flexGrow: 1 }}
            options={options}
            value={member}
            onChange={(_event, value) => setMember(value)}
            getOptionLabel={(m) => `${m.firstName} ${m.lastName} (${m.email})`}
            renderInput={(params) => (
              <TextField {...params} label={t('share.member')} size="small" />
            )}
          />
          <Select
            size="small"
            value={access}
            onChange={(event) => setAccess(event.target.value as FileShareAccess)}
            inputProps={{ 'aria-label': t('share.access') }}
          >
            <MenuItem value="view">{t('share.view')}</MenuItem>
            <MenuItem value="edit">{t('share.edit')}</MenuItem>
          </Select>
          <Button
            variant="contained"
            disabled={!member || shareState.isLoading}
            onClick={() => {
              if (!member) return;
              void share({ id: item.id, userId: member.id, access })
                .unwrap()
                .then(() => setMember(null))
                .catch(() => undefined);
            }}
          >
            {t('share.add')}
          </Button>
        </Stack>
        {shareState.isError && (
          <Typography color="error" sx={{ mt: 1 }}>
            {areaErrorText(t, 'files', shareState.error)}
          </Typography>
        )}
        <Typography variant="subtitle2" sx={{ mt: 3 }}>
          {t('share.with')}
        </Typography>
        {shares.isLoading ? (
          <Skeleton variant="rounded" height={80} />
        ) : shares.isError ? (
          <Typography color="error">{areaErrorText(t, 'files', shares.error)}</Typography>
        ) : (shares.data ?? []).length === 0 ? (
          <Typography color="text.secondary" variant="body2" sx={{ py: 1 }}>
            {t('share.none')}
          </Typography>
        ) : (
          <List dense>
            {(shares.data ?? []).map((s) => (
              <ListItem
                key={s.userId}
                secondaryAction={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Select
                      size="small"
                      value={s.access}
                      onChange={(event) =>
                        void share({
                          id: item.id,
                          userId: s.userId,
                          access: event.target.value as FileShareAccess,
                        })
                      }
                      inputProps={{ 'aria-label': t('share.accessOf', { name: s.name }) }}
                    >
                      <MenuItem value="view">{t('share.view')}</MenuItem>
                      <MenuItem value="edit">{t('share.edit')}</MenuItem>
                    </Select>
                    <IconButton
                      aria-label={t('share.remove', { name: s.name })}
                      onClick={() => void unshare({ id: item.id, userId: s.userId })}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                }
              >
                <ListItemText primary={s.name} secondary={s.email} sx={{ pe: 20 }} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
