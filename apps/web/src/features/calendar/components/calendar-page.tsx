import { Suspense, lazy, useCallback, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import {
  CALENDAR_IMPORT_MAX_BYTES,
  type CalendarEvent,
  type CalendarImportResult,
} from '@beacon/contract';
import { SearchIcon } from '../../../components/icons.tsx';
import { LiveStatus } from '../../../components/live-status.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { saveFile } from '../../../utils/save-file.ts';
import {
  calendarFiles,
  useCalendarEventsQuery,
  useCalendarImportMutation,
  useCalendarUpdateEventMutation,
  type DateRange,
} from '../api/calendar-api.ts';
import { calendarErrorText } from '../utils/error-text.ts';
import { toEventTimes } from '../utils/event-dates.ts';
import {
  valuesForEvent,
  valuesForNow,
  valuesForRange,
  type EventFormValues,
} from '../utils/event-form.ts';
import { provideFullCalendarNonce } from '../utils/fullcalendar-csp.ts';
import { DownloadIcon, LinkIcon, PlusIcon, UploadIcon } from './calendar-icons.tsx';
import type { CalendarViewHandle, CalendarViewType, EventTimesChange } from './calendar-view.tsx';
import { ColorFilter } from './color-filter.tsx';
import { EventDialog } from './event-dialog.tsx';
import { FeedDialog } from './feed-dialog.tsx';

/*
 * FullCalendar comes in its own chunk, loaded with this screen only. Its CSS is written by its
 * code as it loads, so the CSP nonce it reads must be in place first.
 */
const CalendarView = lazy(async () => {
  provideFullCalendarNonce();
  const module = await import('./calendar-view.tsx');
  return { default: module.CalendarView };
});

/** Larger files are refused by the server (2 MB); say so before sending them. */

type Editing = { event?: CalendarEvent; values: EventFormValues } | null;

export interface CalendarPageProps {
  /** Admins and contributors change events; viewers only read them. */
  canEdit: boolean;
}

const noEvents: CalendarEvent[] = [];

/** `/dashboard/calendar`: the workspace's events, live for every member who has it open. */
export function CalendarPage({ canEdit }: CalendarPageProps) {
  const { t } = useTranslation('calendar');
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { enqueueSnackbar } = useSnackbar();
  // The range on screen, as the view reports it; nothing is read before the view has one. The
  // store starts empty for another user signing in (app/store-provider.tsx), so events read for
  // someone else are never shown.
  const [range, setRange] = useState<DateRange | null>(null);
  const load = useCallback(
    (next: DateRange) =>
      setRange((current) =>
        current && current.start === next.start && current.end === next.end ? current : next,
      ),
    [],
  );
  const query = useCalendarEventsQuery(range ?? skipToken);
  // The last range's events stay on screen while the next range's are on their way.
  const events = query.data ?? noEvents;
  const loaded = query.data !== undefined;
  const error = query.isError ? query.error : undefined;
  const refetch = () => void query.refetch();
  const [updateEvent] = useCalendarUpdateEventMutation();
  const [importEvents] = useCalendarImportMutation();
  const { members } = useWorkspaceMembers();
  const view = useRef<CalendarViewHandle>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [colors, setColors] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<CalendarImportResult | null>(null);
  // A phone starts with the agenda: a month grid is too narrow to read there.
  const [initialView] = useState<CalendarViewType>(() => (small ? 'listWeek' : 'dayGridMonth'));

  const shown = useMemo(() => {
    const query = search.trim().toLocaleLowerCase();
    return events.filter(
      (event) =>
        (colors.length === 0 || colors.includes(event.color.toUpperCase())) &&
        (!query || event.title.toLocaleLowerCase().includes(query)),
    );
  }, [events, search, colors]);

  const openEvent = useCallback(
    (eventId: string) => {
      const event = events.find((e) => e.id === eventId);
      if (event) setEditing({ event, values: valuesForEvent(event) });
    },
    [events],
  );

  const selectRange = useCallback(
    (range: { start: Date; end: Date; allDay: boolean }) =>
      setEditing({ values: valuesForRange(range) }),
    [],
  );

  // A drop or a resize is saved at once; if the server refuses, the event goes back.
  const changeTimes = useCallback(
    (change: EventTimesChange) => {
      const previous = events.find((e) => e.id === change.eventId);
      if (!previous) return;
      const patch = toEventTimes(change);
      updateEvent({ eventId: change.eventId, patch, previous })
        .unwrap()
        .then(() => enqueueSnackbar(t('messages.moved')))
        .catch((failure: unknown) => {
          change.revert();
          enqueueSnackbar(`${t('messages.moveRefused')} ${calendarErrorText(t, failure)}`, {
            variant: 'error',
          });
        });
    },
    [updateEvent, enqueueSnackbar, events, t],
  );

  const exportIcs = async () => {
    try {
      saveFile(await calendarFiles.exportIcs(), `${t('exportFileName')}.ics`);
    } catch (failure) {
      enqueueSnackbar(calendarErrorText(t, failure), { variant: 'error' });
    }
  };

  const importIcs = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > CALENDAR_IMPORT_MAX_BYTES) {
      enqueueSnackbar(t('import.tooLarge'), { variant: 'error' });
      return;
    }
    setImporting(true);
    try {
      // The events of the range on screen are read again (the import invalidates them).
      const result = await importEvents(file).unwrap();
      setImported(result);
    } catch (failure) {
      enqueueSnackbar(calendarErrorText(t, failure), { variant: 'error' });
    } finally {
      setImporting(false);
    }
  };

  return (
    <Stack spacing={3}>
      <PageTitle title={t('title')} />
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 0.5 }}>
            <Typography component="h1" variant="h4">
              {t('title')}
            </Typography>
            <LiveStatus />
          </Box>
          <Typography sx={{ color: 'text.secondary' }}>
            {canEdit ? t('subtitle') : t('subtitleReadOnly')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<LinkIcon />}
            onClick={() => setFeedOpen(true)}
          >
            {t('actions.subscribe')}
          </Button>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<DownloadIcon />}
            onClick={() => void exportIcs()}
          >
            {t('actions.export')}
          </Button>
          {canEdit && (
            <>
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<UploadIcon />}
                loading={importing}
                onClick={() => fileInput.current?.click()}
              >
                {t('actions.import')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept=".ics,text/calendar"
                hidden
                aria-hidden="true"
                tabIndex={-1}
                onChange={(event) => {
                  void importIcs(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <Button
                variant="contained"
                startIcon={<PlusIcon />}
                onClick={() => setEditing({ values: valuesForNow() })}
              >
                {t('actions.newEvent')}
              </Button>
            </>
          )}
        </Box>
      </Box>

      {imported && (
        <Alert
          severity={imported.skipped.length ? 'warning' : 'success'}
          onClose={() => setImported(null)}
        >
          <AlertTitle>{t('import.done', { count: imported.imported })}</AlertTitle>
          {imported.skipped.length > 0 && (
            <>
              {t('import.skipped', { count: imported.skipped.length })}
              <Box component="ul" sx={{ m: 0, mt: 0.5, ps: 2.5 }}>
                {imported.skipped.slice(0, 10).map((skip) => (
                  <li key={skip.index}>
                    {t('import.skippedItem', { number: skip.index + 1, reason: skip.reason })}
                  </li>
                ))}
              </Box>
            </>
          )}
        </Alert>
      )}

      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={refetch}>
              {t('actions.retry')}
            </Button>
          }
        >
          {calendarErrorText(t, error)}
        </Alert>
      )}

      <Card sx={{ p: { xs: 2, md: 3 } }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 2,
            mb: 2.5,
          }}
        >
          <TextField
            size="small"
            type="search"
            label={t('filters.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ width: { xs: '100%', sm: 280 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <ColorFilter events={events} selected={colors} onChange={setColors} />
          {loaded && (search || colors.length > 0) && (
            <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
              {t('filters.showing', { shown: shown.length, count: events.length })}
            </Typography>
          )}
        </Box>
        <Suspense fallback={<CalendarSkeleton label={t('loading')} />}>
          <CalendarView
            ref={view}
            events={shown}
            initialView={initialView}
            canEdit={canEdit}
            onRangeChange={load}
            onSelectRange={selectRange}
            onOpenEvent={openEvent}
            onChangeTimes={changeTimes}
          />
        </Suspense>
      </Card>

      {editing && (
        <EventDialog
          event={editing.event}
          initialValues={editing.values}
          canEdit={canEdit}
          members={members}
          onClose={() => setEditing(null)}
          onCreated={(created) => view.current?.gotoDate(new Date(created.start))}
        />
      )}
      <FeedDialog open={feedOpen} onClose={() => setFeedOpen(false)} />
    </Stack>
  );
}

function CalendarSkeleton({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label}>
      <Skeleton variant="rounded" height={40} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={560} />
    </Box>
  );
}
