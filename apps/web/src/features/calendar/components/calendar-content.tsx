import { Suspense, lazy, useCallback, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '@beacon/contract';
import { SearchIcon } from '../../../components/icons.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import {
  useCalendarEventsQuery,
  useCalendarUpdateEventMutation,
  type DateRange,
} from '../api/calendar-api.ts';
import { calendarErrorText } from '../utils/error-text.ts';
import { toEventTimes } from '../utils/event-dates.ts';
import { valuesForEvent, valuesForRange, type EventFormValues } from '../utils/event-form.ts';
import { provideFullCalendarNonce } from '../utils/fullcalendar-csp.ts';
import { CalendarSkeleton } from './calendar-skeleton.tsx';
import type { CalendarViewHandle, CalendarViewType, EventTimesChange } from './calendar-view.tsx';
import { ColorFilter } from './color-filter.tsx';

/*
 * FullCalendar comes in its own chunk, loaded with this screen only. Its CSS is written by its
 * code as it loads, so the CSP nonce it reads must be in place first.
 */
const CalendarView = lazy(async () => {
  provideFullCalendarNonce();
  const module = await import('./calendar-view.tsx');
  return { default: module.CalendarView };
});

/* The event form (react-hook-form, the member picker, radios and switches) loads when first opened. */
const EventDialog = lazy(async () => ({
  default: (await import('./event-dialog.tsx')).EventDialog,
}));

/** The event being edited, or a new one's first values; null when the dialog is closed. */
export type Editing = { event?: CalendarEvent; values: EventFormValues } | null;

export interface CalendarContentProps {
  canEdit: boolean;
  editing: Editing;
  onEdit: (editing: Editing) => void;
}

const noEvents: CalendarEvent[] = [];

/**
 * Everything of the calendar below its heading: the events of the range on screen, the filters,
 * the calendar and the event dialog. It loads once the heading has painted (calendar-page.tsx),
 * with the contract's schemas and zod that its calls and its form use
 * (docs/decisions/049-first-paint-of-signed-in-pages.md).
 */
export function CalendarContent({ canEdit, editing, onEdit }: CalendarContentProps) {
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
  const { members } = useWorkspaceMembers();
  const view = useRef<CalendarViewHandle>(null);
  const [search, setSearch] = useState('');
  const [colors, setColors] = useState<string[]>([]);
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
      if (event) onEdit({ event, values: valuesForEvent(event) });
    },
    [events, onEdit],
  );

  const selectRange = useCallback(
    (range: { start: Date; end: Date; allDay: boolean }) =>
      onEdit({ values: valuesForRange(range) }),
    [onEdit],
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

  return (
    <>
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
        <Suspense fallback={null}>
          <EventDialog
            event={editing.event}
            initialValues={editing.values}
            canEdit={canEdit}
            members={members}
            onClose={() => onEdit(null)}
            onCreated={(created) => view.current?.gotoDate(new Date(created.start))}
          />
        </Suspense>
      )}
    </>
  );
}
