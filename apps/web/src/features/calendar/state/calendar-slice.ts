import {
  createSlice,
  isFulfilled,
  isPending,
  isRejected,
  type PayloadAction,
} from '@reduxjs/toolkit';
import type { CalendarEvent, CalendarEventInput, CalendarEventPatch } from '@beacon/contract';
import { areaCallStates, areaThunks } from '../../../utils/area-calls.ts';
import type { AreaError } from '../../../utils/area-error.ts';
import { calendarApi, type DateRange } from '../api/calendar-api.ts';

/** The client state area `calendar` (spec sections 3 and 4): loading, error and the events. */
export interface CalendarState {
  /** Set when a call starts, cleared when it ends. */
  loading: boolean;
  /** The last failed call's error; cleared when the next call starts. */
  error: AreaError | null;
  /** The events of the range on screen (and those that arrived live since). */
  events: CalendarEvent[];
  /** The range the events were asked for; null before the first request. */
  range: DateRange | null;
  /** The range's events have arrived at least once. */
  loaded: boolean;
  /** The latest events request: an older one that answers late is ignored. */
  fetchId: string | null;
  /** Whose events these are: another user signing in (in this tab) starts from nothing. */
  owner: string | null;
}

export interface CalendarRootState {
  calendar: CalendarState;
}

export const initialCalendarState: CalendarState = {
  loading: false,
  error: null,
  events: [],
  range: null,
  loaded: false,
  fetchId: null,
  owner: null,
};

/** The text stored when an update answers an event without an id (spec section 4). */
export const UPDATE_WITHOUT_ID_MESSAGE = 'The updated event has no id';

const calendarCall = areaThunks<CalendarRootState>('calendar');

export const fetchEvents = calendarCall('fetchEvents', (range: DateRange) =>
  calendarApi.events(range),
);
export const createEvent = calendarCall('createEvent', (event: CalendarEventInput) =>
  calendarApi.create(event),
);

export interface UpdateEventArg {
  eventId: string;
  patch: CalendarEventPatch;
  /**
   * The event before the change, for a change already on screen (a drag or a resize): it shows
   * at once and goes back if the server refuses it.
   */
  previous?: CalendarEvent;
}

export const updateEvent = calendarCall(
  'updateEvent',
  async ({ eventId, patch }: UpdateEventArg) => {
    const event = await calendarApi.update(eventId, patch);
    // The spec: an update's result must have an id; one without is a failure, not an event.
    if (!event.id) throw new Error(UPDATE_WITHOUT_ID_MESSAGE);
    return event;
  },
);
export const deleteEvent = calendarCall('deleteEvent', (eventId: string) =>
  calendarApi.remove(eventId),
);
/** The file goes as bytes: the server joins folded lines before reading UTF-8. */
export const importEvents = calendarCall('importEvents', (file: Blob | string) =>
  calendarApi.importIcs(file),
);

const calls = [fetchEvents, createEvent, updateEvent, deleteEvent, importEvents] as const;

/** The newer version of an event wins: an echo that arrives late changes nothing. */
function upsert(state: CalendarState, event: CalendarEvent): void {
  const at = state.events.findIndex((e) => e.id === event.id);
  if (at === -1) {
    state.events.push(event);
    return;
  }
  if (Date.parse(event.updatedAt) < Date.parse(state.events[at]!.updatedAt)) return;
  state.events[at] = event;
}

function remove(state: CalendarState, eventId: string): void {
  state.events = state.events.filter((e) => e.id !== eventId);
}

const calendarSlice = createSlice({
  name: 'calendar',
  initialState: initialCalendarState,
  reducers: {
    // What other members did, as the realtime channel tells it (own writes come back too).
    eventReceived(state, action: PayloadAction<CalendarEvent>) {
      upsert(state, action.payload);
    },
    eventRemoved(state, action: PayloadAction<{ eventId: string }>) {
      remove(state, action.payload.eventId);
    },
    errorDismissed(state) {
      state.error = null;
    },
    /** The calendar is shown to this user: another user's events are forgotten first. */
    sessionStarted(state, action: PayloadAction<string>) {
      if (state.owner === action.payload) return state;
      return { ...initialCalendarState, owner: action.payload };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchEvents.pending, (state, action) => {
        state.fetchId = action.meta.requestId;
        state.range = action.meta.arg;
      })
      .addCase(fetchEvents.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.fetchId) return;
        state.events = action.payload;
        state.loaded = true;
        state.fetchId = null;
      })
      .addCase(fetchEvents.rejected, (state, action) => {
        if (action.meta.requestId === state.fetchId) state.fetchId = null;
      })
      .addCase(createEvent.fulfilled, (state, action) => {
        upsert(state, action.payload);
      })
      // A dragged or resized event stays where it was dropped while the server decides.
      .addCase(updateEvent.pending, (state, action) => {
        const { eventId, patch, previous } = action.meta.arg;
        if (!previous) return;
        const at = state.events.findIndex((e) => e.id === eventId);
        if (at !== -1) state.events[at] = { ...state.events[at]!, ...patch };
      })
      .addCase(updateEvent.fulfilled, (state, action) => {
        // A moved occurrence of a repeating event comes back under the id of its new start.
        if (action.payload.id !== action.meta.arg.eventId) remove(state, action.meta.arg.eventId);
        upsert(state, action.payload);
      })
      .addCase(updateEvent.rejected, (state, action) => {
        const { eventId, previous } = action.meta.arg;
        if (!previous) return;
        const at = state.events.findIndex((e) => e.id === eventId);
        if (at !== -1) state.events[at] = previous;
      })
      .addCase(deleteEvent.fulfilled, (state, action) => {
        remove(state, action.payload.eventId);
      })
      .addMatcher(isPending(...calls), areaCallStates.pending)
      .addMatcher(isFulfilled(...calls), areaCallStates.fulfilled)
      .addMatcher(isRejected(...calls), areaCallStates.rejected);
  },
});

export const calendarReducer = calendarSlice.reducer;
export const { eventReceived, eventRemoved, errorDismissed, sessionStarted } =
  calendarSlice.actions;
