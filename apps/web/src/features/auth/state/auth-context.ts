import { createContext } from 'react';
import type { RegisterRequest } from '@beacon/contract';
import type { RegisterResult } from '../api/auth-api.ts';
import type { AuthState } from './auth-reducer.ts';

export interface AuthActions {
  /** Throws `Invalid credentials` on any failure (a rate limit says so instead). */
  login(email: string, password: string): Promise<void>;
  /** The second step of a two-factor sign-in (after `login` threw `MFA_REQUIRED`). */
  loginSecondStep(
    mfaToken: string,
    code: { otp: string } | { recoveryCode: string },
  ): Promise<void>;
  /** Throws the server's detail, else `Registration failed`. */
  register(input: RegisterRequest): Promise<RegisterResult>;
  logout(): void;
  refreshUser(): Promise<void>;
}

export type AuthContextValue = AuthState & AuthActions;

export const AuthContext = createContext<AuthContextValue | null>(null);
