import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { tagNameSchema, type TagChange, type TagUsage } from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import {
  useTagDeleteMutation,
  useTagMergeMutation,
  useTagRenameMutation,
  useTagUsageQuery,
} from '../api/contributor-api.ts';
import { PanelSection } from './panel-section.tsx';

const TAG_MAX = tagNameSchema.maxLength ?? 40;

type NameDialog = { mode: 'rename'; tag: string } | { mode: 'merge'; tags: string[] };

/** Every tag in use, with counts; rename, merge and delete across people, companies and deals. */
export function TagsSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('panels');
  const { enqueueSnackbar } = useSnackbar();
  const { data, error, isLoading, refetch } = useTagUsageQuery();
  const [rename] = useTagRenameMutation();
  const [merge] = useTagMergeMutation();
  const [remove] = useTagDeleteMutation();
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<NameDialog | null>(null);
  const [deleting, setDeleting] = useState<TagUsage | null>(null);
  const [busy, setBusy] = useState(false);

  const done = (change: TagChange) => {
    const count = change.people + change.companies + change.deals;
    enqueueSnackbar(t('tags.done', { n: count }), { variant: 'success' });
  };
  const run = async (action: () => Promise<TagChange>) => {
    setBusy(true);
    try {
      done(await action());
      setDialog(null);
      setDeleting(null);
      setSelected([]);
    } catch (failure) {
      enqueueSnackbar(areaErrorText(t, 'panels', failure), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const toggle = (tag: string) =>
    setSelected((old) => (old.includes(tag) ? old.filter((x) => x !== tag) : [...old, tag]));

  return (
    <PanelSection
      id="tags"
      wide
      title={t('tags.title')}
      hint={t('tags.hint')}
      action={
        canEdit && (
          <Button
            variant="outlined"
            disabled={selected.length < 2}
            onClick={() => setDialog({ mode: 'merge', tags: selected })}
          >
            {t('tags.mergeSelected', { n: selected.length })}
          </Button>
        )
      }
      loading={isLoading}
      error={error}
      onRetry={() => void refetch()}
      empty={data && data.length === 0 ? t('tags.empty') : null}
    >
      <TableContainer sx={{ maxHeight: 420 }}>
        <Table size="small" stickyHeader aria-labelledby="tags-heading" sx={{ minWidth: 520 }}>
          <TableHead>
            <TableRow>
              {canEdit && (
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    {t('tags.select')}
                  </Box>
                </TableCell>
              )}
              <TableCell>{t('tags.columns.tag')}</TableCell>
              <TableCell align="right">{t('tags.columns.people')}</TableCell>
              <TableCell align="right">{t('tags.columns.companies')}</TableCell>
              <TableCell align="right">{t('tags.columns.deals')}</TableCell>
              <TableCell align="right">{t('tags.columns.total')}</TableCell>
              {canEdit && <TableCell align="right">{t('actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {(data ?? []).map((usage) => (
              <TableRow key={usage.tag} hover selected={selected.includes(usage.tag)}>
                {canEdit && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.includes(usage.tag)}
                      onChange={() => toggle(usage.tag)}
                      slotProps={{
                        input: { 'aria-label': t('tags.selectTag', { tag: usage.tag }) },
                      }}
                    />
                  </TableCell>
                )}
                <TableCell sx={{ minWidth: 160, overflowWrap: 'break-word' }}>
                  <bdi>{usage.tag}</bdi>
                </TableCell>
                <TableCell align="right">{usage.people}</TableCell>
                <TableCell align="right">{usage.companies}</TableCell>
                <TableCell align="right">{usage.deals}</TableCell>
                <TableCell align="right">{usage.total}</TableCell>
                {canEdit && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      onClick={() => setDialog({ mode: 'rename', tag: usage.tag })}
                    >
                      {t('rename')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(usage)}>
                      {t('delete')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {dialog && (
        <TagNameDialog
          dialog={dialog}
          busy={busy}
          onClose={() => setDialog(null)}
          onSave={(name) =>
            void run(() =>
              dialog.mode === 'rename'
                ? rename({ from: dialog.tag, to: name }).unwrap()
                : merge({ from: dialog.tags, into: name }).unwrap(),
            )
          }
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('tags.deleteTitle')}
        text={t('tags.deleteText', { tag: deleting?.tag ?? '', n: deleting?.total ?? 0 })}
        confirmLabel={t('delete')}
        busy={busy}
        onConfirm={() => deleting && void run(() => remove({ tag: deleting.tag }).unwrap())}
        onClose={() => setDeleting(null)}
      />
    </PanelSection>
  );
}

function TagNameDialog({
  dialog,
  busy,
  onClose,
  onSave,
}: {
  dialog: NameDialog;
  busy: boolean;
  onClose: () => void;
  onSave: (name: string) => void;
}) {
  const { t } = useTranslation('panels');
  const [name, setName] = useState(dialog.mode === 'rename' ? dialog.tag : (dialog.tags[0] ?? ''));
  const valid = tagNameSchema.safeParse(name).success;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onSave(name.trim());
        }}
      >
        <DialogTitle>
          {dialog.mode === 'rename' ? t('tags.renameTitle') : t('tags.mergeTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {dialog.mode === 'rename'
                ? t('tags.renameText', { tag: dialog.tag })
                : t('tags.mergeText', { tags: dialog.tags.join(', ') })}
            </DialogContentText>
            <TextField
              autoFocus
              label={dialog.mode === 'rename' ? t('tags.newName') : t('tags.into')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={!valid && name.length > 0}
              helperText={!valid && name.length > 0 ? t('tags.invalid', { max: TAG_MAX }) : ' '}
              slotProps={{ htmlInput: { maxLength: TAG_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!valid || busy}>
            {dialog.mode === 'rename' ? t('rename') : t('tags.merge')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
