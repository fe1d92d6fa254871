import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  personStages,
  type Member,
  type PersonStage,
  type RecordList,
  type Selection,
} from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { memberName } from '../../../utils/members.ts';
import { useBulkRecordsMutation } from '../api/bulk-api.ts';
import type { CrmEntity } from '../api/record-query.ts';
import { useAddToListMutation, useCreateListMutation } from '../api/lists-api.ts';
import type { FieldChoices } from '../filters/filter-fields.ts';
import { crmErrorText } from '../utils/error-text.ts';

type BulkAction =
  | { type: 'add_to_list'; listId: string }
  | { type: 'set_owner'; ownerId: string | null }
  | { type: 'set_stage'; stage: PersonStage }
  | { type: 'set_deal_stage'; stageId: string; lostReason?: string }
  | { type: 'add_tag'; tag: string }
  | { type: 'delete' };

export interface BulkBarProps {
  entity: CrmEntity;
  /** The selection as the server takes it. */
  selection: Selection;
  selectedCount: number;
  /** The whole filter is selected. */
  allMatching: boolean;
  /** All loaded rows are selected and more match: offer to select every match. */
  canSelectAll: boolean;
  matchingCount: number | null;
  matchingEstimate: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  lists: readonly RecordList[];
  onListCreated: (list: RecordList) => void;
  members: readonly Member[];
  /** Labelled choices of fields the screen knows: a deal's stages (`stageId`). */
  choices?: FieldChoices;
  /** After an action: how many records it changed, and whether rows were deleted. */
  onDone: (action: BulkAction['type'], affected: number) => void;
}

type Open = 'list' | 'owner' | 'stage' | 'tag' | 'delete' | null;
const NEW_LIST = '__new__';

/** The bar over the table while rows are selected: the count and the bulk actions. */
export function BulkBar(props: BulkBarProps) {
  const { entity } = props;
  const { t } = useTranslation('crm');
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [listId, setListId] = useState('');
  const [newListName, setNewListName] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const [stage, setStage] = useState<PersonStage>('cold');
  const [tag, setTag] = useState('');
  const [dealStage, setDealStage] = useState('');
  const [lostReason, setLostReason] = useState('');
  const dealStages = props.choices?.stageId ?? [];
  const kind = entity;
  const [bulkRecords] = useBulkRecordsMutation();
  const [createList] = useCreateListMutation();
  const [addItems] = useAddToListMutation();

  const send = async (action: BulkAction) => {
    setBusy(true);
    try {
      const result = await bulkRecords(
        action.type === 'set_deal_stage'
          ? {
              entity: 'deals',
              body: {
                selection: props.selection,
                action: {
                  type: 'set_stage',
                  stageId: action.stageId,
                  ...(action.lostReason ? { lostReason: action.lostReason } : {}),
                },
              },
            }
          : entity === 'people'
            ? { entity: 'people', body: { selection: props.selection, action } }
            : entity === 'deals'
              ? {
                  entity: 'deals',
                  body: {
                    selection: props.selection,
                    action: action as Exclude<BulkAction, { type: 'set_stage' | 'set_deal_stage' }>,
                  },
                }
              : {
                  entity: 'companies',
                  body: {
                    selection: props.selection,
                    action: action as Exclude<BulkAction, { type: 'set_stage' | 'set_deal_stage' }>,
                  },
                },
      ).unwrap();
      setOpen(null);
      enqueueSnackbar(t('bulk.done', { count: result.affected }));
      props.onDone(action.type, result.affected);
    } catch (error) {
      enqueueSnackbar(crmErrorText(t, error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const addToList = async () => {
    let id = listId;
    if (listId === NEW_LIST) {
      setBusy(true);
      try {
        const list = await createList({ name: newListName.trim(), kind }).unwrap();
        props.onListCreated(list);
        id = list.id;
      } catch (error) {
        enqueueSnackbar(crmErrorText(t, error), { variant: 'error' });
        setBusy(false);
        return;
      }
    }
    // Through the list's own items call: the same selection, by ids or by filter.
    setBusy(true);
    try {
      const result = await addItems({ id, selection: props.selection }).unwrap();
      setOpen(null);
      enqueueSnackbar(t('bulk.done', { count: result.affected }));
      props.onDone('add_to_list', result.affected);
    } catch (error) {
      enqueueSnackbar(crmErrorText(t, error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const count = props.selectedCount;
  const kindLists = props.lists.filter((l) => l.kind === kind);
  const listReady = listId === NEW_LIST ? newListName.trim() !== '' : listId !== '';

  return (
    <Box
      role="region"
      aria-label={t('bulk.region')}
      sx={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        bgcolor: alpha(theme.palette.primary.main, 0.08),
      })}
    >
      <Typography variant="subtitle2" data-testid="selected-count" sx={{ me: 1 }}>
        {props.allMatching && props.matchingEstimate
          ? t('bulk.selectedAbout', { count })
          : t('bulk.selected', { count })}
      </Typography>
      {props.canSelectAll && props.matchingCount !== null && (
        <Button size="small" onClick={props.onSelectAll}>
          {props.matchingEstimate
            ? t('bulk.selectAllAbout', { count: props.matchingCount })
            : t('bulk.selectAll', { count: props.matchingCount })}
        </Button>
      )}
      <Button size="small" color="inherit" onClick={props.onClear}>
        {t('bulk.clear')}
      </Button>
      <Box sx={{ flex: 1 }} />
      <Button size="small" variant="outlined" onClick={() => setOpen('list')}>
        {t('bulk.addToList')}
      </Button>
      <Button size="small" variant="outlined" onClick={() => setOpen('owner')}>
        {t('bulk.changeOwner')}
      </Button>
      {(entity === 'people' || (entity === 'deals' && dealStages.length > 0)) && (
        <Button size="small" variant="outlined" onClick={() => setOpen('stage')}>
          {t('bulk.changeStage')}
        </Button>
      )}
      <Button size="small" variant="outlined" onClick={() => setOpen('tag')}>
        {t('bulk.addTag')}
      </Button>
      <Button size="small" variant="outlined" color="error" onClick={() => setOpen('delete')}>
        {t('bulk.delete')}
      </Button>

      <ActionDialog
        open={open === 'list'}
        title={t('bulk.addToListTitle', { count })}
        busy={busy}
        ready={listReady}
        onClose={() => setOpen(null)}
        onSubmit={() => void addToList()}
      >
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('bulk.list')}
          value={listId}
          onChange={(e) => setListId(e.target.value)}
        >
          {kindLists.map((list) => (
            <MenuItem key={list.id} value={list.id}>
              {list.name}
            </MenuItem>
          ))}
          <MenuItem value={NEW_LIST}>{t('bulk.newList')}</MenuItem>
        </TextField>
        {listId === NEW_LIST && (
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('bulk.newListName')}
            value={newListName}
            onChange={(e) => setNewListName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        )}
      </ActionDialog>

      <ActionDialog
        open={open === 'owner'}
        title={t('bulk.changeOwnerTitle', { count })}
        busy={busy}
        ready={ownerId !== ''}
        onClose={() => setOpen(null)}
        onSubmit={() =>
          void send({ type: 'set_owner', ownerId: ownerId === NEW_LIST ? null : ownerId })
        }
      >
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('fields.ownerId')}
          value={ownerId}
          onChange={(e) => setOwnerId(e.target.value)}
        >
          <MenuItem value={NEW_LIST}>{t('bulk.noOwner')}</MenuItem>
          {props.members.map((member) => (
            <MenuItem key={member.id} value={member.id}>
              {memberName(member)}
            </MenuItem>
          ))}
        </TextField>
      </ActionDialog>

      <ActionDialog
        open={open === 'stage' && entity === 'deals'}
        title={t('bulk.changeStageTitle', { count })}
        busy={busy}
        ready={dealStage !== ''}
        onClose={() => setOpen(null)}
        onSubmit={() =>
          void send({ type: 'set_deal_stage', stageId: dealStage, lostReason: lostReason.trim() })
        }
      >
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('fields.stageId')}
          value={dealStage}
          onChange={(e) => setDealStage(e.target.value)}
        >
          {dealStages.map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          margin="dense"
          label={t('bulk.lostReason')}
          value={lostReason}
          onChange={(e) => setLostReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </ActionDialog>

      <ActionDialog
        open={open === 'stage' && entity === 'people'}
        title={t('bulk.changeStageTitle', { count })}
        busy={busy}
        ready
        onClose={() => setOpen(null)}
        onSubmit={() => void send({ type: 'set_stage', stage })}
      >
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('fields.stage')}
          value={stage}
          onChange={(e) => setStage(e.target.value as PersonStage)}
        >
          {personStages.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`enums.stage.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </ActionDialog>

      <ActionDialog
        open={open === 'tag'}
        title={t('bulk.addTagTitle', { count })}
        busy={busy}
        ready={tag.trim() !== ''}
        onClose={() => setOpen(null)}
        onSubmit={() => void send({ type: 'add_tag', tag: tag.trim() })}
      >
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('bulk.tag')}
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
      </ActionDialog>

      <ConfirmDialog
        open={open === 'delete'}
        title={t('bulk.deleteTitle', { count })}
        text={t(`${entity}.deleteMessage`, { count })}
        confirmLabel={t('actions.delete')}
        busy={busy}
        onConfirm={() => void send({ type: 'delete' })}
        onClose={() => setOpen(null)}
      />
    </Box>
  );
}

function ActionDialog(props: {
  open: boolean;
  title: string;
  busy: boolean;
  ready: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('crm');
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (props.ready && !props.busy) props.onSubmit();
        }}
      >
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={1}>{props.children}</Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={props.onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!props.ready || props.busy}>
            {t('actions.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
