import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type {
  CurrentUser,
  NewPasswordRequest,
  RegisterRequest,
  RegisterResponse,
  VerifyEmailRequest,
} from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { TokenService } from '../../lib/tokens.ts';
import * as repo from './auth.repository.ts';

const VERIFY_CODE_TTL = 24 * 60 * 60;
const RESET_CODE_TTL = 30 * 60;
const MAX_CODE_ATTEMPTS = 5;

export const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid credentials');
const invalidCode = () =>
  badRequest('INVALID_CODE', 'The code is wrong or has expired. Ask for a new one.');

function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Postgres unique violation, from either driver, wrapped by Drizzle or not. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
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
  ) {}

  async register(input: RegisterRequest): Promise<RegisterResponse> {
    const email = input.email.toLowerCase();
    const passwordHash = await hashPassword(input.password);
    const code = newCode();
    let mailId: string;
    let user: repo.UserRow;
    try {
      ({ user, mailId } = await this.db.transaction(async (tx) => {
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
        return { user: created, mailId: id };
      }));
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    void this.mailer.deliver(mailId);
    const accessToken = await this.tokens.sign(user);
    return {
      access_token: accessToken,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
    };
  }

  /**
   * One Argon2 verification whatever happens, so an unknown e-mail and a wrong password answer in
   * the same time; every failure is the same 401.
   */
  async login(username: string, password: string): Promise<string> {
    const email = username.trim().toLowerCase();
    const accountKey = `token:account:${email}`;
    await this.limiter.check(accountKey, this.limiter.limits.tokenFailuresPerAccount);
    const user = email.length > 0 ? await repo.findUserByEmail(this.db, email) : undefined;
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok || user.status !== 'active') {
      await this.limiter.hit(accountKey, {
        ...this.limiter.limits.tokenFailuresPerAccount,
        max: Number.MAX_SAFE_INTEGER,
      });
      throw invalidCredentials();
    }
    await this.limiter.clear(accountKey);
    return this.tokens.sign(user);
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

  async setNewPassword(input: NewPasswordRequest): Promise<void> {
    const user = await this.accountForCode(input.email);
    if (!user || user.status !== 'active') throw invalidCode();
    const passwordHash = await hashPassword(input.password);
    await this.useCode(user.id, 'reset_password', input.code);
    await repo.updatePassword(this.db, user.id, passwordHash);
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
    if (!sameHash(live.codeHash, hashCode(userId, code))) {
      await repo.recordFailedAttempt(this.db, live.id);
      throw invalidCode();
    }
    if (!(await repo.consumeCode(this.db, live.id))) throw invalidCode();
  }
}

function emailTaken() {
  return badRequest('EMAIL_TAKEN', 'An account with this e-mail address already exists');
}
