import { createAsyncThunk, type SerializedError } from '@reduxjs/toolkit';
import { toAreaError, type AreaError } from './area-error.ts';

/** What an area's state keeps of its calls: the spec's `loading` and `error`. */
export interface AreaCallState {
  /** Set when a call starts, cleared when it ends. */
  loading: boolean;
  /** The last failed call's error; cleared when the next call starts. */
  error: AreaError | null;
}

/**
 * The thunk maker of an area: `call(name, run)` makes the thunk `<area>/<name>`, whose failure is
 * stored as a serializable error naming the call.
 */
export function areaThunks<RootState>(area: string) {
  const createThunk = createAsyncThunk.withTypes<{ state: RootState; rejectValue: AreaError }>();
  return function call<Result, Arg>(name: string, run: (arg: Arg) => Promise<Result>) {
    return createThunk<Result, Arg>(`${area}/${name}`, async (arg, { rejectWithValue }) => {
      try {
        return await run(arg);
      } catch (error) {
        return rejectWithValue(toAreaError(error, name));
      }
    });
  };
}

/**
 * The spec's area states, for each slice's matchers of its calls (`isPending(...calls)` and so
 * on): loading from the start of a call to its end; a failure is kept until the next call starts.
 */
export const areaCallStates = {
  pending(state: AreaCallState): void {
    state.loading = true;
    state.error = null;
  },
  fulfilled(state: AreaCallState): void {
    state.loading = false;
  },
  rejected(
    state: AreaCallState,
    action: { payload?: AreaError | undefined; error: SerializedError },
  ): void {
    state.loading = false;
    state.error = action.payload ?? toAreaError(action.error, 'unknown');
  },
};
