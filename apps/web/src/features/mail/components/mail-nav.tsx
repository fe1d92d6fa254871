import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  MAIL_LABEL_NAME_MAX,
  mailLabelColors,
  type Mailbox,
  type MailLabel,
  type MailLabelColor,
} from '@beacon/contract';
import { ClockIcon, EditIcon, MoreIcon, PlusIcon, TrashIcon } from '../../../components/icons.tsx';
import { InboxIcon } from '../../../components/shell-icons.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import {
  useMailDeleteLabelMutation,
  useMailNewLabelMutation,
  useMailUpdateLabelMutation,
} from '../api/mail-api.ts';
import { mailErrorText } from '../utils/errors.ts';
import { labelColor } from '../utils/label-colors.ts';
import {
  AllMailIcon,
  ArchiveIcon,
  DraftIcon,
  ImportantIcon,
  LabelIcon,
  SentIcon,
  SpamIcon,
  StarIcon,
} from './mail-icons.tsx';
import { TrashIcon as TrashNavIcon } from '../../../components/icons.tsx';

/** The system labels in the side navigation's order. */
export const NAV_LABELS = [
  'inbox',
  'starred',
  'important',
  'sent',
  'drafts',
  'scheduled',
  'archive',
  'all',
  'spam',
  'trash',
] as const;

const ICONS: Record<(typeof NAV_LABELS)[number], ReactNode> = {
  inbox: <InboxIcon fontSize="small" />,
  starred: <StarIcon fontSize="small" />,
  important: <ImportantIcon fontSize="small" />,
  sent: <SentIcon fontSize="small" />,
  drafts: <DraftIcon fontSize="small" />,
  scheduled: <ClockIcon fontSize="small" />,
  archive: <ArchiveIcon fontSize="small" />,
  all: <AllMailIcon fontSize="small" />,
  spam: <SpamIcon fontSize="small" />,
  trash: <TrashNavIcon fontSize="small" />,
};

/** What a label's count says: unread mail, or (drafts, scheduled) every mail they hold. */
const COUNTED = new Set(['inbox', 'drafts', 'scheduled', 'spam', 'important', 'starred']);

export type MailNavProps = {
  labels: MailLabel[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  current: string;
  onSelect: (label: string) => void;
  canEdit: boolean;
  /** The mailboxes a new label may go in (the page's one, or every one on /mail/all). */
  mailboxes: Mailbox[];
  /** Name each custom label's mailbox (several mailboxes shown together). */
  showMailbox: boolean;
};

/** The side navigation: system labels with their counts, then the custom labels. */
export function MailNav({
  labels,
  loading,
  error,
  onRetry,
  current,
  onSelect,
  canEdit,
  mailboxes,
  showMailbox,
}: MailNavProps) {
  const { t } = useTranslation('mail');
  const theme = useTheme();
  const [editing, setEditing] = useState<MailLabel | 'new' | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; label: MailLabel } | null>(null);
  const [deleting, setDeleting] = useState<MailLabel | null>(null);
  const [deleteLabel, deleteState] = useMailDeleteLabelMutation();
  const { enqueueSnackbar } = useSnackbar();
  const byId = new Map((labels ?? []).map((l) => [l.id, l]));
  const custom = (labels ?? []).filter((l) => l.type === 'custom');
  const mailboxName = (id: string | null) => {
    const box = mailboxes.find((m) => m.id === id);
    return box ? box.displayName || box.address : '';
  };

  const item = (
    id: string,
    text: string,
    icon: ReactNode,
    count: number,
    secondary?: string,
    action?: ReactNode,
  ) => (
    <ListItem
      key={id}
      disablePadding
      {...(action ? { secondaryAction: action } : {})}
      sx={action ? { '& .MuiListItemSecondaryAction-root': { insetInlineEnd: 0 } } : undefined}
    >
      <ListItemButton
        selected={current === id}
        aria-current={current === id ? 'page' : undefined}
        onClick={() => onSelect(id)}
        sx={{ borderRadius: 1, py: 0.5, minHeight: 36, ...(action ? { paddingInlineEnd: 5 } : {}) }}
      >
        <ListItemIcon sx={{ minWidth: 32 }}>{icon}</ListItemIcon>
        <ListItemText
          primary={text}
          secondary={secondary}
          slotProps={{
            primary: { noWrap: true, variant: 'body2', sx: { fontWeight: count > 0 ? 700 : 500 } },
            secondary: { noWrap: true, variant: 'caption' },
          }}
        />
        {count > 0 && (
          <Typography
            component="span"
            variant="caption"
            sx={{ fontWeight: 700, marginInlineStart: 1 }}
            aria-label={t('nav.unread', { count })}
          >
            {count > 999 ? '999+' : count}
          </Typography>
        )}
      </ListItemButton>
    </ListItem>
  );

  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ p: 1 }}>
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('retry')}
            </Button>
          }
        >
          {error}
        </Alert>
      )}
      <List dense disablePadding aria-label={t('nav.system')}>
        {NAV_LABELS.map((id) => {
          const label = byId.get(id);
          return item(
            id,
            t(`labels.${id}`),
            ICONS[id],
            label && COUNTED.has(id) ? label.unreadCount : 0,
          );
        })}
      </List>
      <Box sx={{ display: 'flex', alignItems: 'center', mt: 2, mb: 0.5, px: 1.5 }}>
        <Typography variant="overline" component="h2" sx={{ flex: 1, color: 'text.secondary' }}>
          {t('nav.custom')}
        </Typography>
        {canEdit && mailboxes.length > 0 && (
          <IconButton
            size="small"
            aria-label={t('labelDialog.new')}
            onClick={() => setEditing('new')}
          >
            <PlusIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      {loading && !labels ? (
        <Stack spacing={1} sx={{ px: 1.5 }} role="status" aria-label={t('nav.loading')}>
          <Skeleton width="70%" />
          <Skeleton width="50%" />
        </Stack>
      ) : custom.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', px: 1.5 }}>
          {t('nav.noCustom')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('nav.custom')}>
          {custom.map((label) =>
            item(
              label.id,
              label.name,
              <LabelIcon
                fontSize="small"
                sx={{
                  color: labelColor(theme, label.color),
                  fill: labelColor(theme, label.color),
                  fillOpacity: 0.25,
                }}
              />,
              label.unreadCount,
              showMailbox ? mailboxName(label.mailboxId) : undefined,
              canEdit ? (
                <IconButton
                  size="small"
                  aria-label={t('nav.labelMenu', { label: label.name })}
                  onClick={(event) => setMenu({ anchor: event.currentTarget, label })}
                >
                  <MoreIcon fontSize="small" />
                </IconButton>
              ) : undefined,
            ),
          )}
        </List>
      )}

      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setEditing(menu!.label);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          {t('labelDialog.edit')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setDeleting(menu!.label);
            setMenu(null);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <TrashIcon fontSize="small" />
          </ListItemIcon>
          {t('labelDialog.delete')}
        </MenuItem>
      </Menu>

      {editing && (
        <LabelDialog
          label={editing === 'new' ? null : editing}
          mailboxes={mailboxes}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('labelDialog.deleteTitle', { label: deleting?.name ?? '' })}
        text={t('labelDialog.deleteText')}
        confirmLabel={t('labelDialog.delete')}
        busy={deleteState.isLoading}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const label = deleting!;
          deleteLabel({ labelId: label.id })
            .unwrap()
            .then(() => {
              enqueueSnackbar(t('labelDialog.deleted', { label: label.name }), {
                variant: 'success',
              });
              setDeleting(null);
              if (current === label.id) onSelect('inbox');
            })
            .catch((error: unknown) =>
              enqueueSnackbar(mailErrorText(t, error), { variant: 'error' }),
            );
        }}
      />
    </Box>
  );
}

/** Make, rename or recolour a custom label. */
function LabelDialog({
  label,
  mailboxes,
  onClose,
}: {
  label: MailLabel | null;
  mailboxes: Mailbox[];
  onClose: () => void;
}) {
  const { t } = useTranslation('mail');
  const theme = useTheme();
  const { enqueueSnackbar } = useSnackbar();
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState<MailLabelColor>(label?.color ?? 'primary');
  const [mailboxId, setMailboxId] = useState(label?.mailboxId ?? mailboxes[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [create, createState] = useMailNewLabelMutation();
  const [update, updateState] = useMailUpdateLabelMutation();
  const busy = createState.isLoading || updateState.isLoading;

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('labelDialog.nameRequired'));
      return;
    }
    try {
      if (label) await update({ labelId: label.id, name: trimmed, color }).unwrap();
      else await create({ mailboxId, name: trimmed, color }).unwrap();
      enqueueSnackbar(
        label ? t('labelDialog.saved') : t('labelDialog.created', { label: trimmed }),
        {
          variant: 'success',
        },
      );
      onClose();
    } catch (failure) {
      setError(mailErrorText(t, failure));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle>{label ? t('labelDialog.edit') : t('labelDialog.new')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              label={t('labelDialog.name')}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
              error={Boolean(error)}
              helperText={error ?? ' '}
              slotProps={{ htmlInput: { maxLength: MAIL_LABEL_NAME_MAX } }}
            />
            {!label && mailboxes.length > 1 && (
              <TextField
                select
                label={t('labelDialog.mailbox')}
                value={mailboxId}
                onChange={(event) => setMailboxId(event.target.value)}
              >
                {mailboxes.map((m) => (
                  <MenuItem key={m.id} value={m.id}>
                    {m.displayName ? `${m.displayName} <${m.address}>` : m.address}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Box>
              <FormLabel id="mail-label-colour">{t('labelDialog.color')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="mail-label-colour"
                value={color}
                onChange={(event) => setColor(event.target.value as MailLabelColor)}
              >
                {mailLabelColors.map((c) => (
                  <FormControlLabel
                    key={c}
                    value={c}
                    label={t(`colors.${c}`)}
                    control={
                      <Radio
                        size="small"
                        sx={{
                          color: labelColor(theme, c),
                          '&.Mui-checked': { color: labelColor(theme, c) },
                        }}
                      />
                    }
                  />
                ))}
              </RadioGroup>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {label ? t('save') : t('labelDialog.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
