import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, type AuthState } from './auth-reducer.ts';

const user = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };

describe('authReducer', () => {
  it('starts uninitialised and unauthenticated', () => {
    expect(initialAuthState).toEqual({ isInitialized: false, isAuthenticated: false, user: null });
  });

  it('INITIAL with a user: initialised and authenticated', () => {
    const state = authReducer(initialAuthState, {
      type: 'INITIAL',
      payload: { isAuthenticated: true, user },
    });
    expect(state).toEqual({ isInitialized: true, isAuthenticated: true, user });
  });

  it('INITIAL without a user: initialised and unauthenticated', () => {
    const state = authReducer(initialAuthState, {
      type: 'INITIAL',
      payload: { isAuthenticated: false, user: null },
    });
    expect(state).toEqual({ isInitialized: true, isAuthenticated: false, user: null });
  });

  it('LOGIN sets authenticated with the user', () => {
    const before: AuthState = { isInitialized: true, isAuthenticated: false, user: null };
    expect(authReducer(before, { type: 'LOGIN', payload: { user } })).toEqual({
      isInitialized: true,
      isAuthenticated: true,
      user,
    });
  });

  it('REGISTER sets authenticated with the e-mail and names', () => {
    const before: AuthState = { isInitialized: true, isAuthenticated: false, user: null };
    expect(authReducer(before, { type: 'REGISTER', payload: { user } })).toEqual({
      isInitialized: true,
      isAuthenticated: true,
      user,
    });
  });

  it('LOGOUT clears the user and stays initialised', () => {
    const before: AuthState = { isInitialized: true, isAuthenticated: true, user };
    expect(authReducer(before, { type: 'LOGOUT' })).toEqual({
      isInitialized: true,
      isAuthenticated: false,
      user: null,
    });
  });

  it('ignores unknown actions', () => {
    const unknown = { type: 'SOMETHING_ELSE' } as unknown as Parameters<typeof authReducer>[1];
    expect(authReducer(initialAuthState, unknown)).toBe(initialAuthState);
  });
});
