import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { CalendarRootState } from '../state/calendar-slice.ts';

/** The store as this feature sees it: any store with a `calendar` area (the app composes it). */
export type CalendarDispatch = ThunkDispatch<CalendarRootState, unknown, UnknownAction>;

export const useCalendarDispatch = useDispatch.withTypes<CalendarDispatch>();
export const useCalendarSelector = useSelector.withTypes<CalendarRootState>();
