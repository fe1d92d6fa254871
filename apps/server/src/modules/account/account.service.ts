import { createHash, randomBytes } from 'node:crypto';
import {
  notificationKinds,
  type Account,
  type AccountChange,
  type AccountSessionList,
  type EmailChangeRequest,
  type NotificationPreference,
  type PasswordChange,
  type RecoveryCodes,
  type TwoFactorSetup,
} from '@beacon/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { CryptoBox } from '../../lib/crypto-box.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findUserByEmail } from '../auth/auth.repository.ts';
import type { Origin } from '../auth/auth.service.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  totpStep,
  totpUri,
} from '../auth/two-factor.ts';
import * as repo from './account.repository.ts';
import { describeDevice } from './device.ts';

/** How long the link of an e-mail change works. */
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 60 * 60;

/** The signed-in member, with the session of the token that asked. */
export type AccountCaller = { userId: string; workspaceId: string; sessionId: string };

const owner = (caller: AccountCaller): repo.Owner => ({
  workspaceId: caller.workspaceId,
  userId: caller.userId,
});

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const emailTaken = () =>
  badRequest('EMAIL_TAKEN', 'An account with this e-mail address already exists');

/** The phone as stored (E.164), or null for none; a 400 on `phone` when it is not a number. */
export function normalisePhone(phone: string): string | null {
  if (phone.trim() === '') return null;
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed || !parsed.isValid()) {
    throw fieldError(
      'phone',
      'Not a valid phone number: give it in international form, such as +33 6 12 34 56 78',
    );
  }
  return parsed.number;
}

function toAccount(row: repo.AccountRow): Account {
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    timeZone: user.timeZone,
    language: (user.language as Account['language']) ?? null,
    emailSignature: user.emailSignature ?? '',
    twoFactorEnabled: user.twoFactorEnabledAt !== null,
    recoveryCodesLeft: user.twoFactorEnabledAt ? row.recoveryCodesLeft : 0,
    pendingEmail: row.pendingEmail,
  };
}

/** A member's own account and its security (docs/decisions/046-account-and-security.md). */
export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly box: CryptoBox,
  ) {}

  async get(caller: AccountCaller): Promise<Account> {
    const row = await repo.findAccount(this.db, owner(caller));
    if (!row) throw notFound('No such account');
    return toAccount(row);
  }

  async change(caller: AccountCaller, input: AccountChange): Promise<Account> {
    await repo.updateProfile(this.db, owner(caller), {
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      ...(input.phone !== undefined ? { phone: normalisePhone(input.phone) } : {}),
      ...(input.timeZone !== undefined ? { timeZone: input.timeZone || null } : {}),
      ...(input.language !== undefined ? { language: input.language || null } : {}),
      ...(input.emailSignature !== undefined
        ? { emailSignature: input.emailSignature.trim() === '' ? null : input.emailSignature }
        : {}),
    });
    return this.get(caller);
  }

  /** The password, checked and counted against the account's limit of such changes. */
  private async checkPassword(caller: AccountCaller, password: string, field: string) {
    await this.limiter.hit(
      `account:${caller.userId}`,
      this.limiter.limits.accountChangesPerAccount,
    );
    const row = await repo.findAccount(this.db, owner(caller));
    if (!row) throw notFound('No such account');
    if (!(await verifyPassword(row.user.passwordHash, password))) {
      throw fieldError(field, 'The password is wrong');
    }
    return row.user;
  }

  /** A new password; every other session of the account is signed out, this one kept. */
  async changePassword(caller: AccountCaller, input: PasswordChange, origin: Origin) {
    const user = await this.checkPassword(caller, input.currentPassword, 'currentPassword');
    const passwordHash = await hashPassword(input.newPassword);
    const mailId = await this.db.transaction(async (tx) => {
      await repo.setPasswordHash(tx, owner(caller), passwordHash);
      const revoked = await repo.deleteOtherSessions(tx, owner(caller), caller.sessionId);
      await recordAudit(tx, {
        workspaceId: caller.workspaceId,
        actorId: caller.userId,
        kind: 'auth.password_changed',
        subject: `user:${caller.userId}`,
        detail: { sessionsSignedOut: revoked },
        ...origin,
      });
      return this.mailer.enqueue(tx, {
        to: user.email,
        workspaceId: caller.workspaceId,
        subject: 'Your Beacon password was changed',
        text:
          `Hello ${user.firstName},\n\nThe password of your Beacon account was just changed, ` +
          `and your other devices were signed out.\n\nIf it was not you, reset your password ` +
          `at once from the sign-in page.\n`,
      });
    });
    void this.mailer.deliver(mailId);
  }

  async sessions(caller: AccountCaller): Promise<AccountSessionList> {
    const rows = await repo.listSessions(this.db, owner(caller));
    return {
      items: rows.map((row) => ({
        id: row.id,
        ...describeDevice(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        current: row.id === caller.sessionId,
      })),
    };
  }

  /** Signs one device out: its token stops working at once, on every process. */
  async revokeSession(caller: AccountCaller, sessionId: string, origin: Origin) {
    await this.db.transaction(async (tx) => {
      if (!(await repo.deleteSession(tx, owner(caller), sessionId))) {
        throw notFound('No such session');
      }
      await recordAudit(tx, {
        workspaceId: caller.workspaceId,
        actorId: caller.userId,
        kind: sessionId === caller.sessionId ? 'auth.sign_out' : 'auth.session_revoked',
        subject: `user:${caller.userId}`,
        detail: { sessionId },
        ...origin,
      });
    });
  }

  async revokeOtherSessions(caller: AccountCaller, origin: Origin): Promise<number> {
    return this.db.transaction(async (tx) => {
      const revoked = await repo.deleteOtherSessions(tx, owner(caller), caller.sessionId);
      if (revoked > 0) {
        await recordAudit(tx, {
          workspaceId: caller.workspaceId,
          actorId: caller.userId,
          kind: 'auth.session_revoked',
          subject: `user:${caller.userId}`,
          detail: { sessions: revoked, allOthers: true },
          ...origin,
        });
      }
      return revoked;
    });
  }

  async twoFactorSetup(caller: AccountCaller): Promise<TwoFactorSetup> {
    const row = await repo.findAccount(this.db, owner(caller));
    if (!row) throw notFound('No such account');
    if (row.user.twoFactorEnabledAt) throw conflict('Two-factor sign-in is already on');
    const secret = newTotpSecret();
    await repo.setPendingSecret(
      this.db,
      owner(caller),
      sealTotpSecret(this.box, caller.userId, secret),
    );
    const uri = totpUri(secret, row.user.email);
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return {
      secret,
      uri,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /** Turns two-factor sign-in on when the code fits the secret being set up. */
  async twoFactorEnable(
    caller: AccountCaller,
    code: string,
    origin: Origin,
  ): Promise<RecoveryCodes> {
    await this.limiter.hit(
      `account:${caller.userId}`,
      this.limiter.limits.accountChangesPerAccount,
    );
    const row = await repo.findAccount(this.db, owner(caller));
    if (!row) throw notFound('No such account');
    if (row.user.twoFactorEnabledAt) throw conflict('Two-factor sign-in is already on');
    const stored = row.user.twoFactorPendingSecret;
    if (!stored) throw conflict('Start the setup first: no secret is waiting for a code');
    const step = totpStep(openTotpSecret(this.box, caller.userId, stored), code);
    if (step === null) {
      throw new AppError('INVALID_CODE', 'The code is wrong: type the one the app shows now', {
        code: ['The code is wrong'],
      });
    }
    const codes = newRecoveryCodes();
    await this.db.transaction(async (tx) => {
      if (!(await repo.enableTwoFactor(tx, owner(caller), stored, step))) {
        throw conflict('The setup changed meanwhile: start it again');
      }
      await repo.replaceRecoveryCodes(
        tx,
        owner(caller),
        codes.map((c) => hashRecoveryCode(caller.userId, c)),
      );
      await recordAudit(tx, {
        workspaceId: caller.workspaceId,
        actorId: caller.userId,
        kind: 'auth.two_factor_enabled',
        subject: `user:${caller.userId}`,
        ...origin,
      });
    });
    return { recoveryCodes: codes };
  }

  async twoFactorDisable(caller: AccountCaller, password: string, origin: Origin) {
    const user = await this.checkPassword(caller, password, 'password');
    if (!user.twoFactorEnabledAt) return;
    await this.db.transaction(async (tx) => {
      await repo.disableTwoFactor(tx, owner(caller));
      await recordAudit(tx, {
        workspaceId: caller.workspaceId,
        actorId: caller.userId,
        kind: 'auth.two_factor_disabled',
        subject: `user:${caller.userId}`,
        ...origin,
      });
    });
  }

  async newRecoveryCodes(caller: AccountCaller, password: string): Promise<RecoveryCodes> {
    const user = await this.checkPassword(caller, password, 'password');
    if (!user.twoFactorEnabledAt) throw conflict('Two-factor sign-in is off');
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(
      this.db,
      owner(caller),
      codes.map((c) => hashRecoveryCode(caller.userId, c)),
    );
    return { recoveryCodes: codes };
  }

  /** Every kind of the contract, with the member's choice or the default (app yes, e-mail no). */
  async notifications(caller: AccountCaller): Promise<{ items: NotificationPreference[] }> {
    const rows = await repo.listNotificationPreferences(this.db, owner(caller));
    return {
      items: notificationKinds.map(
        (kind) => rows.find((row) => row.kind === kind) ?? { kind, inApp: true, email: false },
      ),
    };
  }

  async setNotifications(caller: AccountCaller, items: NotificationPreference[]) {
    // One row per kind: the last of a kind given twice wins.
    const byKind = new Map(items.map((item) => [item.kind, item]));
    await repo.saveNotificationPreferences(this.db, owner(caller), [...byKind.values()]);
    return this.notifications(caller);
  }

  /**
   * Starts an e-mail change: a link to `linkBase` with a one-time token goes to the new address;
   * nothing changes until it is followed (within 24 hours).
   */
  async changeEmail(caller: AccountCaller, input: EmailChangeRequest, linkBase: string) {
    const user = await this.checkPassword(caller, input.password, 'password');
    const email = input.email.toLowerCase();
    if (email === user.email) throw fieldError('email', 'This is already your address');
    const other = await findUserByEmail(this.db, email);
    if (other) throw emailTaken();
    const token = randomBytes(32).toString('base64url');
    const link = `${linkBase}/dashboard/user/account/confirm-email?token=${token}`;
    const mailId = await this.db.transaction(async (tx) => {
      await repo.insertEmailChange(tx, owner(caller), {
        newEmail: email,
        tokenHash: hashToken(token),
        ttlSeconds: EMAIL_CHANGE_TTL_SECONDS,
      });
      return this.mailer.enqueue(tx, {
        to: email,
        workspaceId: caller.workspaceId,
        subject: 'Confirm your new Beacon e-mail address',
        text:
          `Hello ${user.firstName},\n\nYou asked to use this address for your Beacon account. ` +
          `Confirm it by opening this link while signed in (it works for 24 hours):\n\n${link}\n\n` +
          `If it was not you, ignore this message: nothing changes.\n`,
      });
    });
    void this.mailer.deliver(mailId);
  }

  /** Applies an e-mail change with the token of its link, and tells the old address. */
  async confirmEmail(caller: AccountCaller, token: string, origin: Origin): Promise<Account> {
    const before = await repo.findAccount(this.db, owner(caller));
    if (!before) throw notFound('No such account');
    const oldEmail = before.user.email;
    let mailId: string;
    try {
      mailId = await this.db.transaction(async (tx) => {
        const email = await repo.consumeEmailChange(tx, owner(caller), hashToken(token));
        if (!email) {
          throw new AppError('INVALID_CODE', 'The link is wrong, used or has expired', {
            token: ['The link is wrong, used or has expired'],
          });
        }
        await repo.setEmail(tx, owner(caller), email);
        await recordAudit(tx, {
          workspaceId: caller.workspaceId,
          actorId: caller.userId,
          kind: 'auth.email_changed',
          subject: `user:${caller.userId}`,
          detail: { from: oldEmail, to: email },
          ...origin,
        });
        return this.mailer.enqueue(tx, {
          to: oldEmail,
          workspaceId: caller.workspaceId,
          subject: 'Your Beacon e-mail address was changed',
          text:
            `Hello ${before.user.firstName},\n\nYour Beacon account now uses ${email} instead of ` +
            `this address.\n\nIf it was not you, reply to your workspace's admin at once.\n`,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    void this.mailer.deliver(mailId);
    return this.get(caller);
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
