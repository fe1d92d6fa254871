// The auth feature's public face, for the app to compose.
export { AuthProvider, type AuthProviderProps } from './state/auth-provider.tsx';
export { useAuth } from './hooks/use-auth.ts';
export { roleCanEdit, useCanEdit } from './hooks/use-can-edit.ts';
export { loginPath, safeReturnTo } from './utils/return-to.ts';
export type { AuthUser, AuthState } from './state/auth-reducer.ts';
export { createAuthInfoLoader, type AuthInfo } from './api/auth-info.ts';
