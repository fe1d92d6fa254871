import { createHash, randomInt } from 'node:crypto';
import type {
  CurrentUser,
  NewPasswordRequest,
  RegisterRequest,
  RegisterResponse,
  VerifyEmailRequest,
} from '@beacon/contract';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, badRequest, isUniqueViolation } from '../../lib/errors.ts';
import type { CryptoBox } from '../../lib/crypto-box.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import * as repo from './auth.repository.ts';
import { hashRecoveryCode, openTotpSecret, sameHex, totpStep } from './two-factor.ts';

/** Where a request came from: kept on its session and in the audit log. */
export type Origin = { ip: string | null; userAgent: string | null };

/**
 * The first step of a two-factor sign-in went well: POST /token answers `mfa_required` with this
 * token, which the second step sends back with a code.
 */
export class MfaRequiredError extends AppError {
  constructor(readonly mfaToken: string) {
    super('MFA_REQUIRED', 'Enter the code from your authenticator app, or a recovery code');
  }
}

const invalidMfaCode = () =>
  new AppError('INVALID_MFA_CODE', 'The code is wrong, expired or already used');

const VERIFY_CODE_TTL = 24 * 60 * 60;
const RESET_CODE_TTL = 30 * 60;
const MAX_CODE_ATTEMPTS = 5;

export const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid credentials');
const invalidCode = () =>
  badRequest('INVALID_CODE', 'The code is wrong or has expired. Ask for a new one.');

function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function toCurrentUser(row: {
  user: repo.UserRow;
  workspace: { id: string; name: string };
}): CurrentUser {
  return {
    id: row.user.id,
    email: row.user.email,
    first_name: row.user.firstName,
    last_name: row.user.lastName,
    role: row.user.role,
    email_verified: row.user.emailVerifiedAt !== null,
    workspace: row.workspace,
    created_at: row.user.createdAt.toISOString(),
  };
}

function verificationMail(to: string, firstName: string, code: string) {
  return {
    to,
    subject: `Your Beacon verification code: ${code}`,
    text:
      `Hello ${firstName},\n\nWelcome to Beacon. Your verification code is ${code}.\n` +
      `Enter it on the verification page to confirm your e-mail address. It expires in 24 hours.\n\n` +
      `If you did not create an account, you can ignore this message.\n`,
  };
}

function resetMail(to: string, firstName: string, code: string) {
  return {
    to,
    subject: `Your Beacon password reset code: ${code}`,
    text:
      `Hello ${firstName},\n\nSomeone asked to reset the password of your Beacon account.\n` +
      `Your code is ${code}. It expires in 30 minutes.\n\n` +
      `If it was not you, ignore this message: your password stays as it is.\n`,
  };
}

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly box: CryptoBox,
  ) {}

  async register(input: RegisterRequest, origin: Origin): Promise<RegisterResponse> {
    const email = input.email.toLowerCase();
    const passwordHash = await hashPassword(input.password);
    const code = newCode();
    let mailId: string;
    let user: repo.UserRow;
    let sessionId: string;
    try {
      ({ user, mailId, sessionId } = await this.db.transaction(async (tx) => {
        if (await repo.findUserByEmail(tx, email)) throw emailTaken();
        const workspace = await repo.createWorkspace(tx, {
          name: `${input.first_name}'s workspace`,
        });
        const created = await repo.insertUser(tx, {
          workspaceId: workspace.id,
          email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          role: 'admin',
        });
        await repo.replaceCode(tx, {
          userId: created.id,
          purpose: 'verify_email',
          codeHash: hashCode(created.id, code),
          ttlSeconds: VERIFY_CODE_TTL,
        });
        const id = await this.mailer.enqueue(tx, {
          ...verificationMail(email, input.first_name, code),
          workspaceId: workspace.id,
        });
        const session = await this.openSession(tx, created, origin);
        return { user: created, mailId: id, sessionId: session };
      }));
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    void this.mailer.deliver(mailId);
    const accessToken = await this.tokens.sign(user, sessionId);
    return {
      access_token: accessToken,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
    };
  }

  /**
   * The password grant. One Argon2 verification whatever happens, so an unknown e-mail and a
   * wrong password answer in the same time; every failure is the same 401. With two-factor
   * sign-in on, a right password answers `MfaRequiredError` instead of a token.
   */
  async login(username: string, password: string, origin: Origin): Promise<string> {
    const email = username.trim().toLowerCase();
    const accountKey = `token:account:${email}`;
    // Counted before the password is checked (and cleared when it is right), so attempts sent
    // in parallel cannot outrun the limit.
    await this.limiter.hit(accountKey, this.limiter.limits.tokenFailuresPerAccount);
    const user = email.length > 0 ? await repo.findUserByEmail(this.db, email) : undefined;
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok || user.status !== 'active') {
      if (user) {
        await recordAudit(this.db, {
          workspaceId: user.workspaceId,
          actorId: null,
          kind: 'auth.sign_in_failed',
          subject: `user:${user.id}`,
          detail: { reason: user.status !== 'active' ? 'disabled' : 'password' },
          ...origin,
        });
      }
      throw invalidCredentials();
    }
    await this.limiter.clear(accountKey);
    if (user.twoFactorEnabledAt && user.twoFactorSecret) {
      throw new MfaRequiredError(await this.tokens.signMfa(user));
    }
    return this.signIn(user, origin, 'password');
  }

  /**
   * The second step of a two-factor sign-in: the first step's token with an authenticator code
   * (not used before) or an unused recovery code. Wrong codes count against the account's
   * sign-in limit, so they cannot be guessed at length.
   */
  async loginSecondStep(
    mfaToken: string,
    code: { otp?: string | undefined; recoveryCode?: string | undefined },
    origin: Origin,
  ): Promise<string> {
    const userId = await this.tokens.verifyMfa(mfaToken);
    const limitKey = `token:mfa:${userId}`;
    // Counted before the code is checked (cleared when it is right): parallel guesses cannot
    // outrun the limit.
    await this.limiter.hit(limitKey, this.limiter.limits.tokenFailuresPerAccount);
    const user = await repo.findUserById(this.db, userId);
    if (!user || user.status !== 'active' || !user.twoFactorEnabledAt || !user.twoFactorSecret) {
      throw invalidMfaCode();
    }
    let accepted = false;
    let method: 'totp' | 'recovery_code' = 'totp';
    if (code.recoveryCode !== undefined && code.otp === undefined) {
      method = 'recovery_code';
      accepted = await repo.useRecoveryCode(
        this.db,
        user.id,
        hashRecoveryCode(user.id, code.recoveryCode),
      );
    } else if (code.otp !== undefined) {
      const step = totpStep(openTotpSecret(this.box, user.id, user.twoFactorSecret), code.otp);
      accepted = step !== null && (await repo.takeTotpStep(this.db, user.id, step));
    }
    if (!accepted) {
      await recordAudit(this.db, {
        workspaceId: user.workspaceId,
        actorId: null,
        kind: 'auth.sign_in_failed',
        subject: `user:${user.id}`,
        detail: { reason: method },
        ...origin,
      });
      throw invalidMfaCode();
    }
    await this.limiter.clear(limitKey);
    if (method === 'recovery_code') {
      await recordAudit(this.db, {
        workspaceId: user.workspaceId,
        actorId: user.id,
        kind: 'auth.recovery_code_used',
        subject: `user:${user.id}`,
        ...origin,
      });
    }
    return this.signIn(user, origin, method);
  }

  /** Opens a session for the user and answers its token. */
  private async signIn(user: repo.UserRow, origin: Origin, method: string): Promise<string> {
    const sessionId = await this.db.transaction(async (tx) => {
      const id = await this.openSession(tx, user, origin);
      await recordAudit(tx, {
        workspaceId: user.workspaceId,
        actorId: user.id,
        kind: 'auth.sign_in',
        subject: `user:${user.id}`,
        detail: { method },
        ...origin,
      });
      return id;
    });
    return this.tokens.sign(user, sessionId);
  }

  private openSession(tx: Executor, user: repo.UserRow, origin: Origin): Promise<string> {
    return repo.insertSession(tx, {
      workspaceId: user.workspaceId,
      userId: user.id,
      userAgent: origin.userAgent,
      ip: origin.ip,
      ttlSeconds: this.tokens.ttlSeconds,
    });
  }

  async verifyEmail(input: VerifyEmailRequest): Promise<void> {
    const user = await this.accountForCode(input.email);
    if (!user) throw invalidCode();
    if (user.emailVerifiedAt) return;
    await this.useCode(user.id, 'verify_email', input.code);
    await repo.markEmailVerified(this.db, user.id);
  }

  async resendVerification(emailInput: string): Promise<void> {
    const user = await this.accountForCode(emailInput);
    if (!user || user.emailVerifiedAt || user.status !== 'active') return;
    await this.sendCode(user, 'verify_email', VERIFY_CODE_TTL, verificationMail);
  }

  async requestPasswordReset(emailInput: string): Promise<void> {
    const user = await this.accountForCode(emailInput);
    if (!user || user.status !== 'active') return;
    await this.sendCode(user, 'reset_password', RESET_CODE_TTL, resetMail);
  }

  /** A reset signs every session of the account out. */
  async setNewPassword(input: NewPasswordRequest, origin: Origin): Promise<void> {
    const user = await this.accountForCode(input.email);
    if (!user || user.status !== 'active') throw invalidCode();
    const passwordHash = await hashPassword(input.password);
    await this.useCode(user.id, 'reset_password', input.code);
    await this.db.transaction(async (tx) => {
      await repo.updatePassword(tx, user.id, passwordHash);
      await repo.deleteUserSessions(tx, user.id);
      await recordAudit(tx, {
        workspaceId: user.workspaceId,
        actorId: user.id,
        kind: 'auth.password_reset',
        subject: `user:${user.id}`,
        ...origin,
      });
    });
  }

  /** Looks the account up, counting the request against its per-account limit. */
  private async accountForCode(emailInput: string) {
    const email = emailInput.toLowerCase();
    await this.limiter.hit(`codes:account:${email}`, this.limiter.limits.codesPerAccount);
    return repo.findUserByEmail(this.db, email);
  }

  private async sendCode(
    user: repo.UserRow,
    purpose: repo.CodePurpose,
    ttlSeconds: number,
    template: (
      to: string,
      firstName: string,
      code: string,
    ) => { to: string; subject: string; text: string },
  ): Promise<void> {
    const code = newCode();
    const mailId = await this.db.transaction(async (tx) => {
      await repo.replaceCode(tx, {
        userId: user.id,
        purpose,
        codeHash: hashCode(user.id, code),
        ttlSeconds,
      });
      return this.mailer.enqueue(tx, {
        ...template(user.email, user.firstName, code),
        workspaceId: user.workspaceId,
      });
    });
    void this.mailer.deliver(mailId);
  }

  /** Checks a code; five wrong guesses spend it. */
  private async useCode(userId: string, purpose: repo.CodePurpose, code: string): Promise<void> {
    const live = await repo.findLiveCode(this.db, userId, purpose);
    if (!live || live.attempts >= MAX_CODE_ATTEMPTS) throw invalidCode();
    if (!sameHex(live.codeHash, hashCode(userId, code))) {
      await repo.recordFailedAttempt(this.db, live.id);
      throw invalidCode();
    }
    if (!(await repo.consumeCode(this.db, live.id))) throw invalidCode();
  }
}

function emailTaken() {
  return badRequest('EMAIL_TAKEN', 'An account with this e-mail address already exists');
}
