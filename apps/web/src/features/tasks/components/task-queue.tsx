import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PersonDetail, Task } from '@beacon/contract';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../utils/paths.ts';
import { relatedRecords, usePatchTaskMutation } from '../api/tasks-api.ts';
import { useTasks } from '../hooks/use-tasks.ts';
import {
  queueActionOf,
  queueCurrent,
  queueLeft,
  queueNext,
  queueRefreshed,
  queueStart,
  snoozeUntil,
  type QueueAction,
  type QueueState,
} from '../utils/task-rules.ts';
import { Kbd } from '../../../components/kbd.tsx';
import { TaskDue, TaskTypeChip } from './task-chips.tsx';

const QUEUE_QUERY = { mine: 'true', due: 'due', sort: 'dueAt', limit: 200 } as const;

/**
 * Queue mode: the member's due tasks (overdue, then today's) one at a time, with the related
 * person's facts beside each; complete, skip, snooze or go to the next, all from the keyboard.
 */
export function TaskQueue({ canEdit, onExit }: { canEdit: boolean; onExit: () => void }) {
  const { t } = useTranslation('tasks');
  const { enqueueSnackbar } = useSnackbar();
  const list = useTasks(QUEUE_QUERY);
  const [patchTask] = usePatchTaskMutation();
  const [queue, setQueue] = useState<QueueState | null>(null);
  const [busy, setBusy] = useState(false);
  const [announce, setAnnounce] = useState('');
  const byId = useMemo(() => new Map(list.items.map((task) => [task.id, task])), [list.items]);
  // Tasks dealt with here keep their last known state (they leave the list when read again).
  const seen = useRef(new Map<string, Task>());
  for (const task of list.items) seen.current.set(task.id, task);

  useEffect(() => {
    if (!list.loaded) return;
    const ids = list.items.map((task) => task.id);
    setQueue((q) => (q === null ? queueStart(ids) : queueRefreshed(q, ids)));
  }, [list.loaded, list.items]);

  const currentId = queue ? queueCurrent(queue) : null;
  const current = currentId ? (byId.get(currentId) ?? seen.current.get(currentId) ?? null) : null;
  const left = queue ? queueLeft(queue) : 0;
  const total = queue?.ids.length ?? 0;

  const act = useCallback(
    async (action: QueueAction) => {
      if (action === 'exit') return onExit();
      if (!queue || !current || busy) return;
      if (action === 'next') {
        setQueue(queueNext(queue));
        return;
      }
      if (!canEdit) return;
      setBusy(true);
      try {
        const patch =
          action === 'complete'
            ? { status: 'done' as const }
            : action === 'skip'
              ? { status: 'skipped' as const }
              : // Tomorrow at 9:00 on the assignee's clock (the task's zone).
                { dueAt: snoozeUntil('tomorrow', new Date(), current.timeZone) };
        await patchTask({ id: current.id, patch }).unwrap();
        setAnnounce(t(`queue.did.${action}`, { title: current.title }));
        setQueue((q) => (q ? queueNext(q, current.id) : q));
      } catch {
        enqueueSnackbar(t('errors.save'), { variant: 'error' });
      } finally {
        setBusy(false);
      }
    },
    [queue, current, busy, canEdit, onExit, t, enqueueSnackbar, patchTask],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = queueActionOf(event);
      if (!action) return;
      // A dialog or menu open over the queue keeps its keys.
      if (action === 'exit' && document.querySelector('[role="dialog"], [role="menu"]')) return;
      event.preventDefault();
      void act(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act]);

  const shortcuts: { action: QueueAction; key: string }[] = [
    { action: 'complete', key: 'C' },
    { action: 'skip', key: 'S' },
    { action: 'snooze', key: 'Z' },
    { action: 'next', key: 'N' },
    { action: 'exit', key: 'Esc' },
  ];

  return (
    <Stack spacing={3}>
      <PageTitle title={t('queue.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
            {t('queue.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }} aria-live="polite">
            {queue && total > 0 ? t('queue.left', { count: left, total }) : t('queue.subtitle')}
          </Typography>
        </Box>
        <Button variant="outlined" color="inherit" onClick={onExit}>
          {t('queue.exit')}
        </Button>
      </Box>
      {total > 0 && (
        <LinearProgress
          variant="determinate"
          value={((total - left) / total) * 100}
          aria-label={t('queue.progress')}
        />
      )}
      <Box
        role="status"
        sx={{
          position: 'absolute',
          width: 1,
          height: 1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
        }}
      >
        {announce}
      </Box>

      {list.error && !list.loaded ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={list.refetch}>
              {t('actions.retry')}
            </Button>
          }
        >
          {t('errors.load')}
        </Alert>
      ) : !queue ? (
        <Skeleton variant="rounded" height={240} aria-label={t('loading')} />
      ) : !current ? (
        <Card>
          <CardContent sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
              {t('queue.doneTitle')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 3 }}>
              {total === 0 ? t('queue.nothing') : t('queue.doneText', { count: total })}
            </Typography>
            <Button variant="contained" onClick={onExit}>
              {t('queue.back')}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <Card component="section" aria-labelledby="queue-task-title">
            <CardContent>
              <Stack spacing={2}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <TaskTypeChip task={current} />
                  <Chip size="small" label={t(`priority.${current.priority}`)} />
                  <TaskDue task={current} />
                </Box>
                <Typography id="queue-task-title" variant="h5" component="h2">
                  {current.title}
                </Typography>
                {current.notes && (
                  <Typography sx={{ whiteSpace: 'pre-wrap', color: 'text.secondary' }}>
                    {current.notes}
                  </Typography>
                )}
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <Button
                    variant="contained"
                    color="success"
                    disabled={!canEdit || busy}
                    onClick={() => void act('complete')}
                  >
                    {t('queue.complete')} <ShortcutHint k="C" />
                  </Button>
                  <Button
                    variant="outlined"
                    color="inherit"
                    disabled={!canEdit || busy}
                    onClick={() => void act('skip')}
                  >
                    {t('queue.skip')} <ShortcutHint k="S" />
                  </Button>
                  <Button
                    variant="outlined"
                    color="inherit"
                    disabled={!canEdit || busy}
                    onClick={() => void act('snooze')}
                  >
                    {t('queue.snooze')} <ShortcutHint k="Z" />
                  </Button>
                  <Button
                    variant="text"
                    color="inherit"
                    disabled={busy || left < 2}
                    onClick={() => void act('next')}
                  >
                    {t('queue.next')} <ShortcutHint k="N" />
                  </Button>
                </Box>
              </Stack>
            </CardContent>
          </Card>
          <PersonFacts task={current} />
        </Box>
      )}

      <Box component="section" aria-labelledby="queue-keys" sx={{ color: 'text.secondary' }}>
        <Typography id="queue-keys" variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {t('queue.keys')}
        </Typography>
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, p: 0, listStyle: 'none' }}
        >
          {shortcuts.map(({ action, key }) => (
            <Box
              component="li"
              key={action}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
            >
              <Kbd>{key}</Kbd>
              <Typography variant="body2">{t(`queue.${action}`)}</Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}

function ShortcutHint({ k }: { k: string }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{ ml: 1, opacity: 0.8, fontSize: 12, fontWeight: 700 }}
    >
      {k}
    </Box>
  );
}

/** The related person's facts: who they are, where, how to reach them, their local time. */
function PersonFacts({ task }: { task: Task }) {
  const { t, i18n } = useTranslation('tasks');
  const [detail, setDetail] = useState<PersonDetail | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setDetail(null);
    setFailed(false);
    if (!task.personId) return;
    const controller = new AbortController();
    relatedRecords.person(task.personId, controller.signal).then(setDetail, (error: unknown) => {
      if (!controller.signal.aborted) setFailed(Boolean(error));
    });
    return () => controller.abort();
  }, [task.personId]);

  if (!task.personId) {
    return (
      <Card component="aside" aria-label={t('queue.person')}>
        <CardContent>
          <Typography sx={{ color: 'text.secondary' }}>
            {task.companyId ? (
              <Link component={RouterLink} to={`${paths.dashboard.companies}/${task.companyId}`}>
                {task.companyName}
              </Link>
            ) : (
              t('queue.noPerson')
            )}
          </Typography>
        </CardContent>
      </Card>
    );
  }
  if (failed) return <Alert severity="warning">{t('queue.personError')}</Alert>;
  if (!detail) return <Skeleton variant="rounded" height={200} aria-label={t('loading')} />;
  const p = detail.person;
  const name = `${p.firstName} ${p.lastName}`.trim() || p.email;
  let localTime: string | null = null;
  if (p.timeZone) {
    try {
      localTime = new Intl.DateTimeFormat(i18n.language === 'cn' ? 'zh-Hans' : i18n.language, {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: p.timeZone,
      }).format(new Date());
    } catch {
      localTime = null;
    }
  }
  const facts: [string, ReactNode][] = [
    [t('facts.jobTitle'), p.jobTitle],
    [t('facts.company'), detail.company?.name ?? p.companyName],
    [t('facts.email'), p.email ? <Link href={`mailto:${p.email}`}>{p.email}</Link> : ''],
    [
      t('facts.phone'),
      p.phones.length ? <Link href={`tel:${p.phones[0]}`}>{p.phones[0]}</Link> : '',
    ],
    [t('facts.place'), [p.city, p.country].filter(Boolean).join(', ')],
    [t('facts.localTime'), localTime ? `${localTime} (${p.timeZone})` : ''],
    [t('facts.stage'), t(`stage.${p.stage}`)],
  ];
  return (
    <Card component="aside" aria-labelledby="queue-person-name">
      <CardContent>
        <Typography id="queue-person-name" variant="h6" component="h2" sx={{ mb: 2 }}>
          <Link component={RouterLink} to={`${paths.dashboard.people}/${p.id}`}>
            {name}
          </Link>
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
        >
          {facts
            .filter(([, value]) => value !== '' && value !== null)
            .map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {label}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {value}
                </Typography>
              </Box>
            ))}
        </Box>
      </CardContent>
    </Card>
  );
}
