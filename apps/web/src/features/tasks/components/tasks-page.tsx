import { useEffect, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Task, TaskBulkAction } from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { NoteIcon } from '../../../components/icons.tsx';
import { LiveStatus } from '../../../components/live-status.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { memberName } from '../../../utils/members.ts';
import {
  exportTasksCsv,
  useBulkTasksMutation,
  usePatchTaskMutation,
  useTaskQuery,
} from '../api/tasks-api.ts';
import { saveFile } from '../../../utils/save-file.ts';
import { useOptimisticDone } from '../hooks/use-optimistic-done.ts';
import { useTaskView, viewQuery } from '../hooks/use-task-view.ts';
import { useTaskCounts, useTasks, useTimeZone } from '../hooks/use-tasks.ts';
import { TASK_TABS, isTaskTab, snoozeUntil, tabQuery, type TaskTab } from '../utils/task-rules.ts';
import { TaskDue, TaskRelated, TaskTypeChip } from './task-chips.tsx';
import { TaskDialog } from './task-dialog.tsx';
import { TaskQueue } from './task-queue.tsx';
import { TaskViewBar, type TaskViewsMenuProps } from './task-view-bar.tsx';

export interface TasksPageProps {
  /** Admins and contributors change tasks; viewers read. */
  canEdit: boolean;
  currentUserId: string | null;
  /** The saved views menu over tasks' views (crm's, composed by the route). */
  viewsMenu?: (props: TaskViewsMenuProps) => ReactNode;
  /** A task's notes and timeline (the records' component, composed by the route); none: no button. */
  activity?: (props: TaskActivityProps) => ReactNode;
}

/** What the notes and timeline of a task are drawn from: the task (null: closed). */
export interface TaskActivityProps {
  task: Task | null;
  memberName: (id: string) => string | null;
  onClose: () => void;
}

/**
 * `/dashboard/tasks`: tabs for due today, overdue, upcoming and done, the member's own or
 * everyone's, with bulk actions; `?queue=1` walks the member through their due tasks.
 */
export function TasksPage({ canEdit, currentUserId, viewsMenu, activity }: TasksPageProps) {
  const [params, setParams] = useSearchParams();
  const zone = useTimeZone();
  if (params.get('queue') === '1') {
    return (
      <TaskQueue
        canEdit={canEdit}
        onExit={() => {
          const next = new URLSearchParams(params);
          next.delete('queue');
          setParams(next);
        }}
      />
    );
  }
  return (
    <TasksList
      canEdit={canEdit}
      currentUserId={currentUserId}
      zone={zone}
      viewsMenu={viewsMenu}
      activity={activity}
    />
  );
}

function TasksList({
  canEdit,
  currentUserId,
  zone,
  viewsMenu,
  activity,
}: TasksPageProps & { zone: ReturnType<typeof useTimeZone> }) {
  const { t } = useTranslation('tasks');
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TaskTab = isTaskTab(tabParam) ? tabParam : 'today';
  const mine = params.get('all') !== '1';
  // The saved view (search, conditions, sort) narrows every tab; the tabs stay the navigation.
  const taskView = useTaskView();
  const { view } = taskView;
  const query = useMemo(() => ({ ...tabQuery(tab, mine), ...viewQuery(view) }), [tab, mine, view]);
  const list = useTasks(query);
  const counts = useTaskCounts(
    useMemo(() => {
      const { sort: _sort, ...narrowing } = viewQuery(view);
      return { ...(mine ? { mine: 'true' } : {}), ...narrowing };
    }, [mine, view]),
  );
  const { members, nameOf } = useWorkspaceMembers();
  const [selected, setSelectedIds] = useState<string[]>([]);
  // "Select all" of the tab: the bulk action goes by the tab's filter, not by the rows loaded.
  const [allMatching, setAllMatching] = useState(false);
  const setSelected = (next: string[] | ((ids: string[]) => string[])) => {
    setAllMatching(false);
    setSelectedIds(next);
  };
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const [activityOf, setActivityOf] = useState<Task | null>(null);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    if (!currentUserId) return;
    setExporting(true);
    try {
      const file = await exportTasksCsv(query, currentUserId);
      saveFile(file.blob, file.fileName);
    } catch {
      enqueueSnackbar(t('errors.export'), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reassignAnchor, setReassignAnchor] = useState<HTMLElement | null>(null);
  const [rescheduleAnchor, setRescheduleAnchor] = useState<HTMLElement | null>(null);

  // `?task=<id>` (a notification's link) opens that task.
  const linked = params.get('task');
  const linkedTask = useTaskQuery(linked && canEdit ? linked : skipToken).currentData;
  useEffect(() => {
    if (linkedTask) setEditing(linkedTask);
  }, [linkedTask]);
  const [bulkTasks] = useBulkTasksMutation();
  const [patchTask] = usePatchTaskMutation();

  const visible = list.items;
  const selectedHere = selected.filter((id) => visible.some((task) => task.id === id));
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
    setSelected([]);
  };

  const runBulk = async (action: TaskBulkAction) => {
    setBusy(true);
    try {
      const { sort: _sort, ...filter } = query;
      const { affected } = await bulkTasks(
        allMatching ? { filter, action } : { ids: selectedHere, action },
      ).unwrap();
      enqueueSnackbar(t('bulk.done', { count: affected }));
      setSelected([]);
    } catch {
      enqueueSnackbar(t('errors.save'), { variant: 'error' });
    } finally {
      setBusy(false);
      setConfirmDelete(false);
    }
  };

  const optimistic = useOptimisticDone();
  const toggleDone = async (task: Task) => {
    optimistic.mark(task);
    try {
      await patchTask({
        id: task.id,
        patch: { status: task.status === 'open' ? 'done' : 'open' },
      }).unwrap();
    } catch {
      optimistic.failed(task);
      enqueueSnackbar(t('errors.save'), { variant: 'error' });
    }
  };

  // On a phone the table keeps two columns: the checkboxes, and the task with its facts below.
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const allChecked = visible.length > 0 && selectedHere.length === visible.length;
  const tabCount = counts?.[tab] ?? 0;

  return (
    <Stack spacing={3}>
      <PageTitle title={t('title')} />
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
            {t('title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('subtitle')}</Typography>
          {zone.zone && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {t('zone.current', { zone: zone.zone })}
              {zone.browser && zone.browser !== zone.zone && (
                <Button
                  size="small"
                  sx={{ ml: 1 }}
                  onClick={() => {
                    zone.adoptBrowserZone().then(
                      () => enqueueSnackbar(t('zone.changed')),
                      () => enqueueSnackbar(t('errors.save'), { variant: 'error' }),
                    );
                  }}
                >
                  {t('zone.useBrowser', { zone: zone.browser })}
                </Button>
              )}
            </Typography>
          )}
        </Box>
        <LiveStatus />
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" color="inherit" onClick={() => setParam('queue', '1')}>
            {t('queue.start')}
          </Button>
          <Button
            variant="outlined"
            color="inherit"
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            {t('actions.export')}
          </Button>
          {canEdit && (
            <Button variant="contained" onClick={() => setEditing('new')}>
              {t('actions.new')}
            </Button>
          )}
        </Stack>
      </Box>

      <Card>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
            px: 2,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Tabs
            value={tab}
            onChange={(_e, value: TaskTab) => setParam('tab', value)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('tabs.label')}
            sx={{
              flex: 1,
              minWidth: 0,
              // Tabs in the text colour (the brand green is too light for text on white).
              '& .MuiTab-root.Mui-selected': { color: 'text.primary' },
              '& .MuiTabs-indicator': { bgcolor: 'text.primary' },
            }}
          >
            {TASK_TABS.map((value) => (
              <Tab
                key={value}
                value={value}
                label={
                  counts
                    ? t('tabs.withCount', { label: t(`tabs.${value}`), n: counts[value] })
                    : t(`tabs.${value}`)
                }
              />
            ))}
          </Tabs>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mine ? 'mine' : 'all'}
            onChange={(_e, value: 'mine' | 'all' | null) => {
              if (value) setParam('all', value === 'all' ? '1' : null);
            }}
            aria-label={t('whose.label')}
          >
            <ToggleButton value="mine">{t('whose.mine')}</ToggleButton>
            <ToggleButton value="all">{t('whose.all')}</ToggleButton>
          </ToggleButtonGroup>
        </Box>

        <TaskViewBar
          view={view}
          onChange={(next) => {
            taskView.change(next);
            setSelected([]);
          }}
          onApply={(saved) => {
            taskView.apply(saved);
            setSelected([]);
          }}
          onClear={() => {
            taskView.clear();
            setSelected([]);
          }}
          viewsMenu={viewsMenu}
        />

        {canEdit && selectedHere.length > 0 && (
          <Box
            role="toolbar"
            aria-label={t('bulk.label')}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 1,
              bgcolor: 'action.selected',
            }}
          >
            <Typography variant="subtitle2" sx={{ mr: 1 }}>
              {allMatching
                ? t('bulk.allSelected')
                : t('bulk.selected', { count: selectedHere.length })}
            </Typography>
            {allChecked && !allMatching && tabCount > visible.length && (
              <Button size="small" variant="outlined" onClick={() => setAllMatching(true)}>
                {t('bulk.selectMatching', { count: tabCount })}
              </Button>
            )}
            {allMatching && (
              <Button size="small" color="inherit" onClick={() => setSelected([])}>
                {t('bulk.clear')}
              </Button>
            )}
            <Button
              size="small"
              disabled={busy}
              onClick={() => void runBulk({ type: tab === 'done' ? 'reopen' : 'complete' })}
            >
              {tab === 'done' ? t('actions.reopen') : t('actions.complete')}
            </Button>
            <Button
              size="small"
              disabled={busy}
              onClick={(e) => setReassignAnchor(e.currentTarget)}
            >
              {t('actions.reassign')}
            </Button>
            <Button
              size="small"
              disabled={busy}
              onClick={(e) => setRescheduleAnchor(e.currentTarget)}
            >
              {t('actions.reschedule')}
            </Button>
            <Button
              size="small"
              color="error"
              disabled={busy}
              onClick={() => setConfirmDelete(true)}
            >
              {t('actions.delete')}
            </Button>
          </Box>
        )}

        {list.error && !list.loaded ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={list.refetch}>
                {t('actions.retry')}
              </Button>
            }
          >
            {t('errors.load')}
          </Alert>
        ) : !list.loaded ? (
          <Box sx={{ p: 2 }} aria-busy="true" aria-label={t('loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Box>
        ) : visible.length === 0 ? (
          <Box sx={{ p: 6, textAlign: 'center' }}>
            <Typography variant="h6" component="p">
              {view.q || view.filters.length > 0 ? t('empty.view') : t(`empty.${tab}`)}
            </Typography>
          </Box>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t(`tabs.${tab}`)}>
              <TableHead>
                <TableRow>
                  {canEdit && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allChecked}
                        indeterminate={selectedHere.length > 0 && !allChecked}
                        onChange={() =>
                          setSelected(allChecked ? [] : visible.map((task) => task.id))
                        }
                        slotProps={{ input: { 'aria-label': t('bulk.selectAll') } }}
                      />
                    </TableCell>
                  )}
                  <TableCell padding="checkbox">
                    <Typography
                      component="span"
                      sx={{
                        position: 'absolute',
                        width: 1,
                        height: 1,
                        overflow: 'hidden',
                        clip: 'rect(0 0 0 0)',
                      }}
                    >
                      {t('fields.done')}
                    </Typography>
                  </TableCell>
                  <TableCell>{t('fields.title')}</TableCell>
                  {!compact && (
                    <>
                      <TableCell>{t('fields.related')}</TableCell>
                      <TableCell>{t('fields.dueAt')}</TableCell>
                      <TableCell>{t('fields.assignee')}</TableCell>
                      <TableCell>{t('fields.priority')}</TableCell>
                    </>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map((task) => (
                  <TableRow key={task.id} hover selected={selectedHere.includes(task.id)}>
                    {canEdit && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selectedHere.includes(task.id)}
                          onChange={() =>
                            setSelected((s) =>
                              s.includes(task.id)
                                ? s.filter((x) => x !== task.id)
                                : [...s, task.id],
                            )
                          }
                          slotProps={{
                            input: { 'aria-label': t('bulk.select', { title: task.title }) },
                          }}
                        />
                      </TableCell>
                    )}
                    <TableCell padding="checkbox">
                      <Tooltip
                        title={task.status === 'open' ? t('actions.complete') : t('actions.reopen')}
                      >
                        <span>
                          <Checkbox
                            color="success"
                            disabled={!canEdit}
                            checked={optimistic.isDone(task)}
                            onChange={() => void toggleDone(task)}
                            slotProps={{
                              input: {
                                'aria-label':
                                  task.status === 'open'
                                    ? t('actions.completeOne', { title: task.title })
                                    : t('actions.reopenOne', { title: task.title }),
                              },
                            }}
                          />
                        </span>
                      </Tooltip>
                    </TableCell>
                    <TableCell sx={{ minWidth: compact ? 0 : 220 }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                        {canEdit ? (
                          <Button
                            variant="text"
                            color="inherit"
                            onClick={() => setEditing(task)}
                            sx={{
                              p: 0,
                              minWidth: 0,
                              textAlign: 'start',
                              fontWeight: 600,
                              textDecoration: task.status === 'open' ? 'none' : 'line-through',
                            }}
                          >
                            {task.title}
                          </Button>
                        ) : (
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {task.title}
                          </Typography>
                        )}
                        <TaskTypeChip task={task} />
                        {activity && (
                          <Tooltip title={t('activity.open')}>
                            <IconButton
                              size="small"
                              aria-label={t('activity.openOne', { title: task.title })}
                              onClick={() => setActivityOf(task)}
                            >
                              <NoteIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </Box>
                      {compact && (
                        <Box sx={{ mt: 0.5 }}>
                          <TaskDue task={task} />
                          <TaskRelated task={task} />
                        </Box>
                      )}
                    </TableCell>
                    {!compact && (
                      <>
                        <TableCell>
                          <TaskRelated task={task} />
                        </TableCell>
                        <TableCell>
                          <TaskDue task={task} />
                        </TableCell>
                        <TableCell>
                          <Typography variant="body2">
                            {task.assigneeId ? (nameOf(task.assigneeId) ?? '—') : t('unassigned')}
                          </Typography>
                        </TableCell>
                        <TableCell>
                          <Typography variant="body2">{t(`priority.${task.priority}`)}</Typography>
                        </TableCell>
                      </>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {list.nextCursor && (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Button onClick={list.more}>{t('actions.more')}</Button>
          </Box>
        )}
      </Card>

      <Menu
        anchorEl={reassignAnchor}
        open={Boolean(reassignAnchor)}
        onClose={() => setReassignAnchor(null)}
      >
        {members.map((m) => (
          <MenuItem
            key={m.id}
            onClick={() => {
              setReassignAnchor(null);
              void runBulk({ type: 'reassign', assigneeId: m.id });
            }}
          >
            {memberName(m)}
          </MenuItem>
        ))}
      </Menu>
      <Menu
        anchorEl={rescheduleAnchor}
        open={Boolean(rescheduleAnchor)}
        onClose={() => setRescheduleAnchor(null)}
      >
        {(
          [
            ['tomorrow', () => snoozeUntil('tomorrow')],
            [
              'nextWeek',
              () => {
                const d = new Date(snoozeUntil('tomorrow'));
                d.setDate(d.getDate() + 6);
                return d.toISOString();
              },
            ],
          ] as const
        ).map(([key, when]) => (
          <MenuItem
            key={key}
            onClick={() => {
              setRescheduleAnchor(null);
              void runBulk({ type: 'reschedule', dueAt: when() });
            }}
          >
            {t(`reschedule.${key}`)}
          </MenuItem>
        ))}
      </Menu>

      <ConfirmDialog
        open={confirmDelete}
        title={t('bulk.deleteTitle', { count: selectedHere.length })}
        text={t('bulk.deleteText')}
        confirmLabel={t('actions.delete')}
        busy={busy}
        onConfirm={() => void runBulk({ type: 'delete' })}
        onClose={() => setConfirmDelete(false)}
      />
      {activity?.({ task: activityOf, memberName: nameOf, onClose: () => setActivityOf(null) })}
      <TaskDialog
        open={editing !== null}
        task={editing === 'new' ? null : editing}
        members={members}
        currentUserId={currentUserId}
        onClose={() => {
          setEditing(null);
          if (linked) setParam('task', null);
        }}
      />
    </Stack>
  );
}
