// The calendar feature's public face, for the app to compose. Only the state is here (the store
// is built at start); the screen is loaded with its route from components/calendar-page.tsx.
export { calendarReducer, type CalendarState } from './state/calendar-slice.ts';
