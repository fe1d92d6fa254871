import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { SavedView, ViewEntity } from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import {
  useCreateViewMutation,
  useRemoveViewMutation,
  useSavedViewsQuery,
  useUpdateViewMutation,
} from '../api/crm-data-api.ts';
import type { TableQuery } from '../state/table-query.ts';
import { crmErrorText } from '../utils/error-text.ts';
import { BookmarkIcon } from '../utils/icons.tsx';

export interface ViewsMenuProps {
  /** Any entity of the records registry: the records tables', and the tasks screen's. */
  entity: ViewEntity;
  query: TableQuery;
  userId: string | null;
  onApply: (view: SavedView) => void;
  /** The current view was saved, renamed or deleted. */
  onViewChanged: (view: SavedView | null) => void;
}

type DialogState =
  | { mode: 'create'; name: string; shared: boolean }
  | { mode: 'rename'; view: SavedView; name: string; shared: boolean }
  | null;

const NO_VIEWS: SavedView[] = [];

/** The saved views: mine and the shared ones; save, update, rename, delete. */
export function ViewsMenu({ entity, query, userId, onApply, onViewChanged }: ViewsMenuProps) {
  const { t } = useTranslation('crm');
  const { enqueueSnackbar } = useSnackbar();
  // Without views the table still works; the menu then offers only "save".
  const views = useSavedViewsQuery(entity).data ?? NO_VIEWS;
  const [createView] = useCreateViewMutation();
  const [updateView] = useUpdateViewMutation();
  const [removeView] = useRemoveViewMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [confirmDelete, setConfirmDelete] = useState<SavedView | null>(null);
  const [busy, setBusy] = useState(false);

  const current = views.find((v) => v.id === query.viewId) ?? null;
  const mine = views.filter((v) => v.ownerId === userId);
  const shared = views.filter((v) => v.ownerId !== userId && v.shared);
  const canChange = current !== null && current.ownerId === userId;
  const snapshot = {
    q: query.q,
    filters: query.filters,
    sort: query.sort,
    columns: query.columns,
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      enqueueSnackbar(crmErrorText(t, error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const submitDialog = () =>
    run(async () => {
      if (!dialog) return;
      const name = dialog.name.trim();
      if (dialog.mode === 'create') {
        const view = await createView({
          name,
          entity,
          shared: dialog.shared,
          ...snapshot,
        }).unwrap();
        onViewChanged(view);
        enqueueSnackbar(t('views.saved', { name: view.name }));
      } else {
        const view = await updateView({
          id: dialog.view.id,
          entity,
          patch: { name, shared: dialog.shared },
        }).unwrap();
        enqueueSnackbar(t('views.renamed', { name: view.name }));
      }
      setDialog(null);
    });

  const update = () =>
    run(async () => {
      if (!current) return;
      const view = await updateView({ id: current.id, entity, patch: snapshot }).unwrap();
      enqueueSnackbar(t('views.updated', { name: view.name }));
    });

  const remove = () =>
    run(async () => {
      if (!confirmDelete) return;
      await removeView({ id: confirmDelete.id, entity }).unwrap();
      if (confirmDelete.id === query.viewId) onViewChanged(null);
      setConfirmDelete(null);
      enqueueSnackbar(t('views.deleted', { name: confirmDelete.name }));
    });

  // A menu holds menu items only (axe `aria-required-children`): the group headings are drawn
  // without a role, and each view names its group as its description.
  const mineId = useId();
  const sharedId = useId();
  const item = (groupId: string) => (view: SavedView) => (
    <MenuItem
      key={view.id}
      aria-describedby={groupId}
      selected={view.id === query.viewId}
      onClick={() => {
        setAnchor(null);
        onApply(view);
      }}
    >
      {view.name}
    </MenuItem>
  );

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<BookmarkIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        sx={{ maxWidth: 240 }}
      >
        <span className="view-name">{current ? current.name : t('views.button')}</span>
      </Button>
      <Menu
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { minWidth: 260, maxHeight: 480 } } }}
      >
        <ListSubheader id={mineId} role="presentation">
          {t('views.mine')}
        </ListSubheader>
        {mine.length === 0 && <MenuItem disabled>{t('views.noneMine')}</MenuItem>}
        {mine.map(item(mineId))}
        <ListSubheader id={sharedId} role="presentation">
          {t('views.shared')}
        </ListSubheader>
        {shared.length === 0 && <MenuItem disabled>{t('views.noneShared')}</MenuItem>}
        {shared.map(item(sharedId))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setDialog({ mode: 'create', name: '', shared: false });
          }}
        >
          {t('views.saveNew')}
        </MenuItem>
        {canChange &&
          current && [
            <MenuItem
              key="update"
              onClick={() => {
                setAnchor(null);
                void update();
              }}
            >
              {t('views.update', { name: current.name })}
            </MenuItem>,
            <MenuItem
              key="rename"
              onClick={() => {
                setAnchor(null);
                setDialog({
                  mode: 'rename',
                  view: current,
                  name: current.name,
                  shared: current.shared,
                });
              }}
            >
              {t('views.rename')}
            </MenuItem>,
            <MenuItem
              key="delete"
              onClick={() => {
                setAnchor(null);
                setConfirmDelete(current);
              }}
              sx={{ color: 'error.main' }}
            >
              {t('views.delete')}
            </MenuItem>,
          ]}
      </Menu>

      <Dialog open={dialog !== null} onClose={() => setDialog(null)} fullWidth maxWidth="xs">
        {dialog && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (dialog.name.trim()) void submitDialog();
            }}
          >
            <DialogTitle>
              {dialog.mode === 'create' ? t('views.saveNew') : t('views.rename')}
            </DialogTitle>
            <DialogContent>
              <TextField
                autoFocus
                fullWidth
                margin="dense"
                label={t('views.name')}
                value={dialog.name}
                onChange={(e) => setDialog({ ...dialog, name: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={dialog.shared}
                    onChange={(e) => setDialog({ ...dialog, shared: e.target.checked })}
                  />
                }
                label={t('views.shareWithWorkspace')}
              />
            </DialogContent>
            <DialogActions>
              <Button color="inherit" onClick={() => setDialog(null)}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={busy || !dialog.name.trim()}>
                {t('actions.save')}
              </Button>
            </DialogActions>
          </form>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirmDelete !== null}
        title={t('views.deleteTitle')}
        text={t('views.deleteMessage', { name: confirmDelete?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(null)}
      />
    </>
  );
}
