import { useState } from 'react';
import Alert from '@mui/material/Alert';
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
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@beacon/contract';
import { FILE_LINK_PASSWORD_MAX } from '@beacon/contract/values';
import { CopyIcon, TrashIcon } from '../../../components/icons.tsx';
import { areaErrorText } from '../../../utils/area-error.ts';
import {
  useFilesLinksQuery,
  useFilesNewLinkMutation,
  useFilesRevokeLinkMutation,
} from '../api/files-api.ts';

const EXPIRIES = ['never', '1', '7', '30'] as const;

/** Public links of an item: anyone with the address opens it signed out, until it expires. */
export function LinkDialog({
  item,
  locale,
  onClose,
}: {
  item: FileItem;
  locale: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('files');
  const links = useFilesLinksQuery(item.id);
  const [create, createState] = useFilesNewLinkMutation();
  const [revoke] = useFilesRevokeLinkMutation();
  const [expiry, setExpiry] = useState<(typeof EXPIRIES)[number]>('7');
  const [password, setPassword] = useState('');
  const [made, setMade] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = async () => {
    const expiresAt =
      expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
    const link = await create({ id: item.id, expiresAt, password })
      .unwrap()
      .catch(() => null);
    if (link?.url) {
      setMade(`${window.location.origin}${link.url}`);
      setPassword('');
      setCopied(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('link.title')} · <bdi>{item.name}</bdi>
      </DialogTitle>
      <DialogContent dividers>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            select
            size="small"
            label={t('link.expires')}
            value={expiry}
            onChange={(event) => setExpiry(event.target.value as (typeof EXPIRIES)[number])}
            sx={{ minWidth: 160 }}
          >
            {EXPIRIES.map((value) => (
              <MenuItem key={value} value={value}>
                {value === 'never' ? t('link.never') : t('link.days', { count: Number(value) })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="password"
            label={t('link.password')}
            helperText={t('link.passwordHint')}
            value={password}
            autoComplete="new-password"
            onChange={(event) => setPassword(event.target.value.slice(0, FILE_LINK_PASSWORD_MAX))}
            sx={{ flexGrow: 1 }}
          />
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={createState.isLoading}
          >
            {t('link.create')}
          </Button>
        </Stack>
        {createState.isError && (
          <Typography color="error" sx={{ mt: 1 }}>
            {areaErrorText(t, 'files', createState.error)}
          </Typography>
        )}
        {made && (
          <Alert severity="success" sx={{ mt: 2 }} icon={false}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('link.made')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                size="small"
                fullWidth
                value={made}
                slotProps={{
                  htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'public-link-url' },
                }}
                label={t('link.address')}
              />
              <IconButton
                aria-label={t('link.copy')}
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(made)
                    .then(() => setCopied(true))
                    .catch(() => undefined)
                }
              >
                <CopyIcon fontSize="small" />
              </IconButton>
            </Stack>
            {copied && <Typography variant="caption">{t('link.copied')}</Typography>}
          </Alert>
        )}
        <Typography variant="subtitle2" sx={{ mt: 3 }}>
          {t('link.existing')}
        </Typography>
        {links.isLoading ? (
          <Skeleton variant="rounded" height={80} />
        ) : links.isError ? (
          <Typography color="error">{areaErrorText(t, 'files', links.error)}</Typography>
        ) : (links.data ?? []).length === 0 ? (
          <Typography color="text.secondary" variant="body2" sx={{ py: 1 }}>
            {t('link.none')}
          </Typography>
        ) : (
          <List dense>
            {(links.data ?? []).map((link) => (
              <ListItem
                key={link.id}
                secondaryAction={
                  <IconButton
                    aria-label={t('link.revoke')}
                    onClick={() => void revoke({ itemId: item.id, linkId: link.id })}
                  >
                    <TrashIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={t('link.createdAt', {
                    date: new Date(link.createdAt).toLocaleString(locale, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }),
                  })}
                  secondary={[
                    link.expiresAt
                      ? t('link.expiresAt', {
                          date: new Date(link.expiresAt).toLocaleString(locale, {
                            dateStyle: 'medium',
                            timeStyle: 'short',
                          }),
                        })
                      : t('link.noExpiry'),
                    link.hasPassword ? t('link.withPassword') : t('link.withoutPassword'),
                  ].join(' · ')}
                />
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
