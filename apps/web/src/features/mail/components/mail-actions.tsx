import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { MailLabel, MailSummary } from '@beacon/contract';
import { TrashIcon } from '../../../components/icons.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import {
  useMailApplyLabelMutation,
  useMailArchiveMutation,
  useMailDeleteMutation,
  useMailImportantMutation,
  useMailMoveMutation,
  useMailReadMutation,
  useMailRemoveLabelMutation,
  useMailStarMutation,
  useMailTrashMutation,
} from '../api/mail-api.ts';
import { mailErrorText } from '../utils/errors.ts';
import { labelColor } from '../utils/label-colors.ts';
import {
  ArchiveIcon,
  ImportantIcon,
  LabelIcon,
  MailClosedIcon,
  MailOpenIcon,
  MoveIcon,
  StarIcon,
} from './mail-icons.tsx';

type MoveTarget = 'inbox' | 'archive' | 'spam' | 'trash';
const MOVE_TARGETS: MoveTarget[] = ['inbox', 'archive', 'spam', 'trash'];

export type MailActionsProps = {
  /** The mails the actions act on (a selection of the list, or the open thread's). */
  mails: MailSummary[];
  /** Custom labels the member reads (those of the mails' mailboxes are offered). */
  labels: MailLabel[];
  /** The toolbar's accessible name. */
  label: string;
  /** After the mails left the view (archived, moved, trashed, deleted). */
  onGone?: () => void;
  /** Leave out star and important (the list row has its own star). */
  flags?: boolean;
};

/**
 * The actions on mails (docs/decisions/059-mail-app.md): archive, trash (or delete for good from
 * the trash and drafts), move, labels, read or unread, important and star. Only for writers: the
 * page does not draw it for a viewer.
 */
export function MailActions({ mails, labels, label, onGone, flags = true }: MailActionsProps) {
  const { t } = useTranslation('mail');
  const { enqueueSnackbar } = useSnackbar();
  const theme = useTheme();
  const [star] = useMailStarMutation();
  const [important] = useMailImportantMutation();
  const [read] = useMailReadMutation();
  const [archive] = useMailArchiveMutation();
  const [trash] = useMailTrashMutation();
  const [remove] = useMailDeleteMutation();
  const [move] = useMailMoveMutation();
  const [apply] = useMailApplyLabelMutation();
  const [unapply] = useMailRemoveLabelMutation();
  const [labelsAnchor, setLabelsAnchor] = useState<HTMLElement | null>(null);
  const [moveAnchor, setMoveAnchor] = useState<HTMLElement | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  const ids = mails.map((m) => m.id);
  const n = ids.length;
  const allStarred = n > 0 && mails.every((m) => m.isStarred);
  const allImportant = n > 0 && mails.every((m) => m.isImportant);
  const anyUnread = mails.some((m) => m.isUnread);
  const allTrashOrDraft =
    n > 0 && mails.every((m) => m.folder === 'trash' || m.folder === 'drafts');
  const mailboxIds = new Set(mails.map((m) => m.mailboxId));
  const offered = labels.filter(
    (l) => l.type === 'custom' && l.mailboxId !== null && mailboxIds.has(l.mailboxId),
  );

  const run = async (action: () => Promise<unknown>, done: string, gone = false) => {
    setBusy(true);
    try {
      await action();
      enqueueSnackbar(done, { variant: 'success' });
      if (gone) onGone?.();
    } catch (error) {
      enqueueSnackbar(mailErrorText(t, error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const button = (
    name: string,
    icon: ReactNode,
    onClick: (e: HTMLElement) => void,
    pressed?: boolean,
  ) => (
    <Tooltip title={name}>
      <span>
        <IconButton
          size="small"
          aria-label={name}
          {...(pressed === undefined ? {} : { 'aria-pressed': pressed })}
          disabled={busy || n === 0}
          onClick={(event) => onClick(event.currentTarget)}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Box
      role="toolbar"
      aria-label={label}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flexWrap: 'wrap' }}
    >
      {mails.some((m) => m.folder !== 'archive') &&
        !allTrashOrDraft &&
        button(
          t('actions.archive'),
          <ArchiveIcon fontSize="small" />,
          () =>
            void run(
              () => archive({ mailIds: ids }).unwrap(),
              t('done.archived', { count: n }),
              true,
            ),
        )}
      {allTrashOrDraft
        ? button(t('actions.deleteForGood'), <TrashIcon fontSize="small" />, () =>
            setConfirmDelete(true),
          )
        : button(
            t('actions.trash'),
            <TrashIcon fontSize="small" />,
            () =>
              void run(
                () => trash({ mailIds: ids }).unwrap(),
                t('done.trashed', { count: n }),
                true,
              ),
          )}
      {button(t('actions.move'), <MoveIcon fontSize="small" />, (anchor) => setMoveAnchor(anchor))}
      {offered.length > 0 &&
        button(t('actions.labels'), <LabelIcon fontSize="small" />, (anchor) =>
          setLabelsAnchor(anchor),
        )}
      {anyUnread
        ? button(
            t('actions.markRead'),
            <MailOpenIcon fontSize="small" />,
            () =>
              void run(
                () => read({ mailIds: ids, value: true }).unwrap(),
                t('done.read', { count: n }),
              ),
          )
        : button(
            t('actions.markUnread'),
            <MailClosedIcon fontSize="small" />,
            () =>
              void run(
                () => read({ mailIds: ids, value: false }).unwrap(),
                t('done.unread', { count: n }),
                true,
              ),
          )}
      {flags &&
        button(
          allImportant ? t('actions.notImportant') : t('actions.important'),
          <ImportantIcon
            fontSize="small"
            sx={allImportant ? { fill: theme.palette.warning.main, color: 'warning.main' } : {}}
          />,
          () =>
            void run(
              () => important({ mailIds: ids, value: !allImportant }).unwrap(),
              allImportant
                ? t('done.notImportant', { count: n })
                : t('done.important', { count: n }),
            ),
          allImportant,
        )}
      {flags &&
        button(
          allStarred ? t('actions.unstar') : t('actions.star'),
          <StarIcon
            fontSize="small"
            sx={allStarred ? { fill: theme.palette.warning.main, color: 'warning.main' } : {}}
          />,
          () =>
            void run(
              () => star({ mailIds: ids, value: !allStarred }).unwrap(),
              allStarred ? t('done.unstarred', { count: n }) : t('done.starred', { count: n }),
            ),
          allStarred,
        )}

      <Menu anchorEl={moveAnchor} open={Boolean(moveAnchor)} onClose={() => setMoveAnchor(null)}>
        <Typography variant="overline" component="p" sx={{ px: 2, color: 'text.secondary' }}>
          {t('actions.moveTo')}
        </Typography>
        {MOVE_TARGETS.map((folder) => (
          <MenuItem
            key={folder}
            disabled={mails.every((m) => m.folder === folder)}
            onClick={() => {
              setMoveAnchor(null);
              void run(
                () => move({ mailIds: ids, folder }).unwrap(),
                t('done.moved', { count: n, folder: t(`labels.${folder}`) }),
                true,
              );
            }}
          >
            {t(`labels.${folder}`)}
          </MenuItem>
        ))}
      </Menu>

      <Menu
        anchorEl={labelsAnchor}
        open={Boolean(labelsAnchor)}
        onClose={() => setLabelsAnchor(null)}
      >
        <Typography variant="overline" component="p" sx={{ px: 2, color: 'text.secondary' }}>
          {t('actions.labelAs')}
        </Typography>
        {offered.map((custom) => {
          const targets = mails.filter((m) => m.mailboxId === custom.mailboxId);
          const having = targets.filter((m) => m.labels.includes(custom.id)).length;
          const all = having === targets.length && targets.length > 0;
          return (
            <MenuItem
              key={custom.id}
              role="menuitemcheckbox"
              aria-checked={all ? 'true' : having > 0 ? 'mixed' : 'false'}
              onClick={() => {
                setLabelsAnchor(null);
                const mailIds = targets.map((m) => m.id);
                void run(
                  () =>
                    all
                      ? unapply({ mailIds, labelId: custom.id }).unwrap()
                      : apply({ mailIds, labelId: custom.id }).unwrap(),
                  all
                    ? t('done.labelRemoved', { label: custom.name })
                    : t('done.labelApplied', { label: custom.name }),
                );
              }}
            >
              <ListItemIcon>
                <Checkbox
                  size="small"
                  edge="start"
                  tabIndex={-1}
                  disableRipple
                  checked={all}
                  indeterminate={having > 0 && !all}
                  slotProps={{ input: { 'aria-hidden': true } }}
                  sx={{ color: labelColor(theme, custom.color), p: 0 }}
                />
              </ListItemIcon>
              <ListItemText>{custom.name}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>

      <ConfirmDialog
        open={confirmDelete}
        title={t('confirmDelete.title', { count: n })}
        text={t('confirmDelete.text', { count: n })}
        confirmLabel={t('actions.deleteForGood')}
        busy={busy}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => {
          void run(
            () => remove({ mailIds: ids }).unwrap(),
            t('done.deleted', { count: n }),
            true,
          ).then(() => setConfirmDelete(false));
        }}
      />
    </Box>
  );
}
