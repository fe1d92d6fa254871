import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import FullCalendar from '@fullcalendar/react';
import type {
  DateSelectArg,
  DatesSetArg,
  EventClickArg,
  EventDropArg,
  EventInput,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '@beacon/contract';
import type { DateRange } from '../api/calendar-api.ts';
import { isoToDateOnly } from '../utils/event-dates.ts';
import { fullCalendarLocale } from '../utils/fullcalendar-locales.ts';
import { ChevronEndIcon, ChevronStartIcon } from './calendar-icons.tsx';

export const CALENDAR_VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
export type CalendarViewType = (typeof CALENDAR_VIEWS)[number];

/** Time grids open on the working day. */
const SCROLL_TIME = '08:00:00';

const VIEW_LABELS: Record<CalendarViewType, string> = {
  dayGridMonth: 'views.month',
  timeGridWeek: 'views.week',
  timeGridDay: 'views.day',
  listWeek: 'views.agenda',
};

/** What a drag or a resize reports, in the form the page saves. */
export interface EventTimesChange {
  eventId: string;
  start: Date;
  end: Date | null;
  allDay: boolean;
  /** Puts the event back where it was on screen. */
  revert: () => void;
}

export interface CalendarViewProps {
  ref?: Ref<CalendarViewHandle>;
  events: CalendarEvent[];
  initialView: CalendarViewType;
  canEdit: boolean;
  onRangeChange: (range: DateRange) => void;
  onSelectRange: (range: { start: Date; end: Date; allDay: boolean }) => void;
  onOpenEvent: (eventId: string) => void;
  onChangeTimes: (change: EventTimesChange) => void;
}

export interface CalendarViewHandle {
  /** Shows the date (after creating an event elsewhere than on screen). */
  gotoDate: (date: Date) => void;
}

/** FullCalendar, with a toolbar of our own (MUI, in the user's language). */
export function CalendarView({
  ref,
  events,
  initialView,
  canEdit,
  onRangeChange,
  onSelectRange,
  onOpenEvent,
  onChangeTimes,
}: CalendarViewProps) {
  const { t, i18n } = useTranslation('calendar');
  const theme = useTheme();
  const calendar = useRef<FullCalendar>(null);
  const [view, setView] = useState<CalendarViewType>(initialView);
  const [title, setTitle] = useState('');
  const language = i18n.resolvedLanguage ?? 'en';
  const direction = theme.direction;

  useImperativeHandle(
    ref,
    () => ({ gotoDate: (date: Date) => calendar.current?.getApi().gotoDate(date) }),
    [],
  );

  const api = () => calendar.current?.getApi();

  // FullCalendar measures itself on window resizes only; the page around it changes width
  // without one (the navigation collapsing, a scrollbar appearing), so tell it.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let raf = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(() => calendar.current?.getApi().updateSize());
    });
    observer.observe(element);
    return () => {
      cancelAnimationFrame(raf);
      observer.disconnect();
    };
  }, []);

  const input: EventInput[] = useMemo(
    () =>
      events.map((event) => ({
        id: event.id,
        title: event.title,
        allDay: event.allDay,
        start: event.allDay ? isoToDateOnly(event.start) : event.start,
        end: event.allDay ? isoToDateOnly(event.end) : event.end,
        backgroundColor: alpha(event.color, theme.palette.mode === 'dark' ? 0.32 : 0.16),
        borderColor: event.color,
        textColor: theme.palette.text.primary,
      })),
    [events, theme.palette.mode, theme.palette.text.primary],
  );

  // The time grids are drawn whole (FullCalendar's own scrolling box sits inside its grid, where
  // a focusable element breaks the grid's roles) and scroll in this frame instead: a named
  // region in the tab order, so that the keyboard scrolls the hours too (axe
  // `scrollable-region-focusable`). The day's headings stay on top (FullCalendar's sticky header).
  const timeGrid = view.startsWith('timeGrid');

  const onDatesSet = (arg: DatesSetArg) => {
    setTitle(arg.view.title);
    setView(arg.view.type as CalendarViewType);
    // A time grid is drawn with this render: scroll to the working day then.
    if (arg.view.type.startsWith('timeGrid')) {
      requestAnimationFrame(() => scrollToWorkingDay(frame.current));
    }
    onRangeChange({ start: arg.start.toISOString(), end: arg.end.toISOString() });
  };

  const changed = (arg: EventDropArg | EventResizeDoneArg) => {
    const { event } = arg;
    if (!event.start) return;
    onChangeTimes({
      eventId: event.id,
      start: event.start,
      end: event.end,
      allDay: event.allDay,
      revert: arg.revert,
    });
  };

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          mb: 2,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <IconButton aria-label={t('toolbar.previous')} onClick={() => api()?.prev()}>
            {direction === 'rtl' ? <ChevronEndIcon /> : <ChevronStartIcon />}
          </IconButton>
          <IconButton aria-label={t('toolbar.next')} onClick={() => api()?.next()}>
            {direction === 'rtl' ? <ChevronStartIcon /> : <ChevronEndIcon />}
          </IconButton>
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            onClick={() => api()?.today()}
            sx={{ ms: 0.5 }}
          >
            {t('toolbar.today')}
          </Button>
        </Box>
        <Typography
          component="h2"
          variant="h6"
          aria-live="polite"
          sx={{ flex: 1, minWidth: 160, textTransform: 'capitalize' }}
        >
          {title}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          aria-label={t('toolbar.view')}
          onChange={(_event, next: CalendarViewType | null) => {
            if (next) api()?.changeView(next);
          }}
        >
          {CALENDAR_VIEWS.map((type) => (
            <ToggleButton key={type} value={type} sx={{ px: 1.5 }}>
              {t(VIEW_LABELS[type])}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>

      <Box
        ref={frame}
        data-testid="calendar"
        {...(timeGrid
          ? { tabIndex: 0, role: 'region', 'aria-label': t('views.scrollerLabel') }
          : {})}
        sx={{
          ...(timeGrid && { maxHeight: 720, overflowY: 'auto', borderRadius: 1 }),
          '--fc-border-color': theme.palette.divider,
          '--fc-page-bg-color': theme.palette.background.paper,
          '--fc-neutral-bg-color': theme.palette.background.neutral,
          '--fc-list-event-hover-bg-color': theme.palette.action.hover,
          '--fc-today-bg-color': alpha(theme.palette.primary.main, 0.08),
          '--fc-highlight-color': alpha(theme.palette.primary.main, 0.16),
          '--fc-now-indicator-color': theme.palette.error.main,
          '--fc-event-selected-overlay-color': alpha(theme.palette.grey[900], 0.12),
          '--fc-small-font-size': '0.8125rem',
          '& .fc': { fontFamily: 'inherit', color: 'text.primary' },
          '& .fc a': { color: 'inherit', textDecoration: 'none' },
          '& .fc .fc-col-header-cell-cushion': {
            display: 'inline-block',
            py: 1.25,
            typography: 'subtitle2',
            color: 'text.secondary',
          },
          '& .fc .fc-daygrid-day-number': { typography: 'body2', p: 1 },
          // Days of the next or previous month: told apart by their tint, their numbers still
          // legible (FullCalendar fades them to 30 %, below the WCAG contrast).
          '& .fc .fc-day-other': { bgcolor: alpha(theme.palette.grey[500], 0.06) },
          '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: 'text.secondary' },
          '& .fc .fc-timegrid-slot-label-cushion, & .fc .fc-timegrid-axis-cushion': {
            typography: 'caption',
            color: 'text.secondary',
          },
          '& .fc .fc-event': {
            borderRadius: 0.75,
            borderWidth: 0,
            borderInlineStartWidth: 3,
            borderStyle: 'solid',
            cursor: canEdit ? 'pointer' : 'default',
          },
          '& .fc .fc-event-main': { px: 0.5, py: 0.25, fontSize: '0.8125rem', fontWeight: 600 },
          // A title in another script than the page's (English in Arabic) keeps its own
          // direction, so that a cut-off title loses its end, not its beginning.
          '& .fc .fc-event-title, & .fc .fc-list-event-title': { unicodeBidi: 'plaintext' },
          '& .fc .fc-daygrid-event': { mx: 0.5, mb: 0.5 },
          '& .fc .fc-list-event': { cursor: 'pointer' },
          '& .fc .fc-list-day-cushion': { typography: 'subtitle2' },
          '& .fc .fc-list-empty': { bgcolor: 'transparent', color: 'text.secondary' },
          '& .fc .fc-more-link': { typography: 'caption', fontWeight: 600, color: 'primary.dark' },
          '& .fc .fc-popover': {
            bgcolor: 'background.paper',
            boxShadow: theme.shadows[12],
            borderRadius: 1.5,
            overflow: 'hidden',
          },
          '& .fc .fc-popover-header': { bgcolor: 'background.neutral', px: 1.5, py: 1 },
          // `clip`, not `hidden`: rounded corners without a scrolling box, which would stop the
          // day headings of a time grid from sticking to the top of the frame.
          '& .fc .fc-scrollgrid': { borderRadius: 1, overflow: 'clip' },
        }}
      >
        <FullCalendar
          ref={calendar}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={initialView}
          headerToolbar={false}
          locale={fullCalendarLocale(language)}
          direction={direction}
          height="auto"
          stickyHeaderDates
          nowIndicator
          dayMaxEvents
          navLinks={false}
          eventDisplay="block"
          eventInteractive
          editable={canEdit}
          eventResizableFromStart={canEdit}
          selectable={canEdit}
          selectMirror
          events={input}
          datesSet={onDatesSet}
          select={(arg: DateSelectArg) => {
            arg.view.calendar.unselect();
            onSelectRange({ start: arg.start, end: arg.end, allDay: arg.allDay });
          }}
          eventClick={(arg: EventClickArg) => {
            arg.jsEvent.preventDefault();
            onOpenEvent(arg.event.id);
          }}
          eventDrop={changed}
          eventResize={changed}
        />
      </Box>
    </Box>
  );
}

/** Scrolls the frame of a time grid so that the working day (08:00) starts under its headings. */
function scrollToWorkingDay(frame: HTMLElement | null): void {
  const slot = frame?.querySelector<HTMLElement>(`.fc-timegrid-slot[data-time="${SCROLL_TIME}"]`);
  if (!frame || !slot) return;
  const header = frame.querySelector<HTMLElement>('.fc-col-header')?.offsetHeight ?? 0;
  const top = slot.getBoundingClientRect().top - frame.getBoundingClientRect().top;
  frame.scrollTop += top - header;
}
