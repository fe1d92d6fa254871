import { startTransition, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { RegisterRequest } from '@beacon/contract';
import { AuthContext, type AuthActions } from './auth-context.ts';
import {
  authReducer,
  initialAuthState,
  type AuthAction,
  type AuthState,
  type AuthUser,
} from './auth-reducer.ts';
import { createAuthSession, type AuthSession } from './auth-session.ts';
import { rememberMember } from '../utils/member-frame.ts';

export interface AuthProviderProps {
  children: ReactNode;
  /** Called when the token expired; the app sends the user to the sign-in page. */
  onSessionExpired?: () => void;
  /**
   * Start as a known guest rather than "not yet known": for a page pre-rendered at build time
   * (as a guest) and hydrated when no token is stored, whose first render must match the HTML.
   */
  startAsGuest?: boolean;
  /**
   * Start signed in as this member, already loaded: for a signed-in page whose frame was drawn at
   * build time and is replaced once the member is known (main.tsx), so that the first render is
   * the page, not the loading screen.
   */
  startAsMember?: AuthUser;
}

const GUEST: AuthState = { isInitialized: true, isAuthenticated: false, user: null };

export function AuthProvider({
  children,
  onSessionExpired,
  startAsGuest,
  startAsMember,
}: AuthProviderProps) {
  const [state, dispatch] = useReducer(
    authReducer,
    startAsMember
      ? { isInitialized: true, isAuthenticated: true, user: startAsMember }
      : startAsGuest
        ? GUEST
        : initialAuthState,
  );
  const knownMemberRef = useRef(startAsMember);
  const sessionRef = useRef<AuthSession | null>(null);
  const onExpiredRef = useRef(onSessionExpired);

  useEffect(() => {
    onExpiredRef.current = onSessionExpired;
  }, [onSessionExpired]);

  useEffect(() => {
    // The first answer (signed in or not) draws the whole first page: as a transition, React
    // renders it in slices and the page stays responsive meanwhile (no long task).
    const send = (action: AuthAction) => {
      if (action.type === 'INITIAL') startTransition(() => dispatch(action));
      else dispatch(action);
    };
    // One session per mount, so that a Strict Mode remount does not act on a disposed one.
    const session = createAuthSession({
      dispatch: send,
      onExpired: () => onExpiredRef.current?.(),
    });
    sessionRef.current = session;
    void session.initialize(knownMemberRef.current);
    return () => {
      session.dispose();
      if (sessionRef.current === session) sessionRef.current = null;
    };
  }, []);

  // What the frame drawn at build time shows of the member, for the next cold visit.
  useEffect(() => {
    if (state.isInitialized) rememberMember(state.isAuthenticated ? state.user : null);
  }, [state]);

  const actions = useMemo<AuthActions>(() => {
    const current = () => {
      if (!sessionRef.current) throw new Error('The auth session is not running');
      return sessionRef.current;
    };
    return {
      login: (email: string, password: string) => current().login(email, password),
      loginSecondStep: (mfaToken: string, code: { otp: string } | { recoveryCode: string }) =>
        current().loginSecondStep(mfaToken, code),
      register: (input: RegisterRequest) => current().register(input),
      logout: () => current().logout(),
      refreshUser: () => current().refreshUser(),
    };
  }, []);

  const value = useMemo(() => ({ ...state, ...actions }), [state, actions]);
  return <AuthContext value={value}>{children}</AuthContext>;
}
