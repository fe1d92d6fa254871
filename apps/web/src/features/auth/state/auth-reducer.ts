import type { CurrentUser } from '@beacon/contract';

/**
 * The signed-in user. Right after registering only the e-mail and names are known (from the
 * `/register` response); the rest arrives with `GET /user/me`.
 */
export type AuthUser = Pick<CurrentUser, 'email' | 'first_name' | 'last_name'> &
  Partial<Omit<CurrentUser, 'email' | 'first_name' | 'last_name'>>;

/**
 * The auth state: not known yet until the stored token is checked (`isInitialized`), then signed in
 * with the user, or not (docs/decisions/010-web-session-and-errors.md).
 */
export interface AuthState {
  isInitialized: boolean;
  isAuthenticated: boolean;
  user: AuthUser | null;
}

export type AuthAction =
  | { type: 'INITIAL'; payload: { isAuthenticated: boolean; user: AuthUser | null } }
  | { type: 'LOGIN'; payload: { user: AuthUser } }
  | { type: 'REGISTER'; payload: { user: AuthUser } }
  | { type: 'LOGOUT' };

/** Starts uninitialised and unauthenticated. */
export const initialAuthState: AuthState = {
  isInitialized: false,
  isAuthenticated: false,
  user: null,
};

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'INITIAL':
      return {
        isInitialized: true,
        isAuthenticated: action.payload.isAuthenticated,
        user: action.payload.isAuthenticated ? action.payload.user : null,
      };
    case 'LOGIN':
    case 'REGISTER':
      return { ...state, isAuthenticated: true, user: action.payload.user };
    case 'LOGOUT':
      return { ...state, isAuthenticated: false, user: null };
    default:
      return state;
  }
}
