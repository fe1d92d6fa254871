import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_TTL_DAYS,
  type AcceptInvitation,
  type Invitation,
  type InvitationPreview,
  type NewInvitation,
  type RegisterResponse,
} from '@beacon/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { AppError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findUserByEmail, insertSession, insertUser } from '../auth/auth.repository.ts';
import * as repo from './invitations.repository.ts';
import type { Origin } from './members.service.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

const invalidInvitation = () =>
  new AppError(
    'INVITATION_INVALID',
    'This invitation link is not valid any more: it has expired, was revoked or was already used. Ask for a new one.',
  );
const accountExists = () =>
  new AppError(
    'ACCOUNT_EXISTS',
    'An account with this e-mail address already exists; a person belongs to one workspace, so they cannot be invited',
  );

function invitationMail(input: {
  to: string;
  inviter: string;
  workspace: string;
  role: string;
  link: string;
}) {
  return {
    to: input.to,
    subject: `${input.inviter} invites you to ${input.workspace} on Beacon`,
    text:
      `Hello,\n\n${input.inviter} invites you to join the workspace "${input.workspace}" on Beacon ` +
      `as ${input.role}.\n\nAccept the invitation and choose your password here:\n${input.link}\n\n` +
      `The link expires in ${INVITATION_TTL_DAYS} days. If you were not expecting it, ignore this message.\n`,
  };
}

/** Invitations into a workspace (issue 10, docs/decisions/045). */
export class InvitationsService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly tokens: TokenService,
  ) {}

  private get rule(): RateRule {
    return this.limiter.limits.invitationsPerWorkspace;
  }

  async list(caller: Caller): Promise<Invitation[]> {
    requireAdmin(caller);
    return (await repo.openInvitations(this.db, caller.workspaceId)).map(repo.toInvitation);
  }

  /** Invites an address; `baseUrl` is where the web app is served (the link's origin). */
  async create(
    caller: Caller & { user: { firstName: string; lastName: string } },
    input: NewInvitation,
    baseUrl: string,
    origin: Origin,
  ): Promise<Invitation> {
    requireAdmin(caller);
    await this.limiter.hit(`invitations:workspace:${caller.workspaceId}`, this.rule);
    const email = input.email.toLowerCase();
    const token = newToken();
    const { row, mailId } = await this.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw accountExists();
      const open = await repo.openInvitationFor(tx, caller.workspaceId, email);
      if (open && repo.invitationStatus(open) === 'pending') {
        throw new AppError(
          'ALREADY_INVITED',
          'This address has an invitation pending: send it again instead',
        );
      }
      // An expired one is closed so the new one can take its place.
      if (open) await repo.revokeInvitation(tx, open.id);
      const created = await repo.insertInvitation(tx, {
        workspaceId: caller.workspaceId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: caller.userId,
        ttlDays: INVITATION_TTL_DAYS,
      });
      await recordAudit(tx, {
        workspaceId: caller.workspaceId,
        actorId: caller.userId,
        kind: 'member.invited',
        subject: `invitation:${created.id}`,
        detail: { email, role: input.role },
        ...origin,
      });
      const id = await this.mailer.enqueue(tx, {
        ...(await this.mail(tx, caller, email, input.role, token, baseUrl)),
        workspaceId: caller.workspaceId,
      });
      return { row: created, mailId: id };
    });
    void this.mailer.deliver(mailId);
    return repo.toInvitation(row);
  }

  /** A new link (the old one stops working) and a new expiry, mailed again. */
  async resend(
    caller: Caller & { user: { firstName: string; lastName: string } },
    id: string,
    baseUrl: string,
    origin: Origin,
  ): Promise<Invitation> {
    requireAdmin(caller);
    await this.limiter.hit(`invitations:workspace:${caller.workspaceId}`, this.rule);
    const token = newToken();
    const { row, mailId } = await this.db.transaction(async (tx) => {
      const current = await repo.getInvitation(tx, caller.workspaceId, id);
      if (!current || current.acceptedAt || current.revokedAt) throw notFound('No such invitation');
      if (await findUserByEmail(tx, current.email)) throw accountExists();
      const renewed = await repo.renewInvitation(tx, id, hashToken(token), INVITATION_TTL_DAYS);
      await recordAudit(tx, {
        workspaceId: caller.workspaceId,
        actorId: caller.userId,
        kind: 'member.invitation_resent',
        subject: `invitation:${id}`,
        detail: { email: current.email },
        ...origin,
      });
      const mail = await this.mail(tx, caller, current.email, current.role, token, baseUrl);
      return {
        row: renewed,
        mailId: await this.mailer.enqueue(tx, { ...mail, workspaceId: caller.workspaceId }),
      };
    });
    void this.mailer.deliver(mailId);
    return repo.toInvitation(row);
  }

  async revoke(caller: Caller, id: string, origin: Origin): Promise<void> {
    requireAdmin(caller);
    await this.db.transaction(async (tx) => {
      const current = await repo.getInvitation(tx, caller.workspaceId, id);
      if (!current || current.acceptedAt || current.revokedAt) throw notFound('No such invitation');
      await repo.revokeInvitation(tx, id);
      await recordAudit(tx, {
        workspaceId: caller.workspaceId,
        actorId: caller.userId,
        kind: 'member.invitation_revoked',
        subject: `invitation:${id}`,
        detail: { email: current.email },
        ...origin,
      });
    });
  }

  /** What a link is for, so the accept page can greet the person; refused as accept would be. */
  async preview(token: string): Promise<InvitationPreview> {
    const found = await repo.invitationByToken(this.db, hashToken(token));
    if (!found || repo.invitationStatus(found.invitation) !== 'pending') throw invalidInvitation();
    const inviter = [found.inviterFirst, found.inviterLast].filter(Boolean).join(' ');
    return {
      email: found.invitation.email,
      role: found.invitation.role,
      workspaceName: found.workspaceName,
      invitedBy: inviter || null,
      expiresAt: found.invitation.expiresAt.toISOString(),
    };
  }

  /**
   * Registers the invited person into the workspace with the invitation's role and signs them
   * in. A token is good once: the invitation is locked, checked and stamped in one transaction.
   */
  async accept(input: AcceptInvitation, origin: Origin): Promise<RegisterResponse> {
    const passwordHash = await hashPassword(input.password);
    const user = await this.db
      .transaction(async (tx) => {
        const found = await repo.invitationByToken(tx, hashToken(input.token), true);
        if (!found || repo.invitationStatus(found.invitation) !== 'pending') {
          throw invalidInvitation();
        }
        const invitation = found.invitation;
        if (await findUserByEmail(tx, invitation.email)) throw accountExists();
        const created = await insertUser(tx, {
          workspaceId: invitation.workspaceId,
          email: invitation.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          role: invitation.role,
          // The link came to this address: it is verified.
          emailVerifiedAt: new Date(),
        });
        await repo.markAccepted(tx, invitation.id, created.id);
        await recordAudit(tx, {
          workspaceId: invitation.workspaceId,
          actorId: created.id,
          kind: 'member.joined',
          subject: `user:${created.id}`,
          detail: { email: invitation.email, role: invitation.role, invitationId: invitation.id },
          ...origin,
        });
        // Accepting signs the new member in: a session of theirs, as a sign-in opens one.
        const sessionId = await insertSession(tx, {
          workspaceId: created.workspaceId,
          userId: created.id,
          userAgent: origin.userAgent,
          ip: origin.ip,
          ttlSeconds: this.tokens.ttlSeconds,
        });
        return { ...created, sessionId };
      })
      .catch((error: unknown) => {
        // The address registered (or joined elsewhere) between the check and the insert.
        if (isUniqueViolation(error)) throw accountExists();
        throw error;
      });
    return {
      access_token: await this.tokens.sign(user, user.sessionId),
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
    };
  }

  private async mail(
    tx: Executor,
    caller: Caller & { user: { firstName: string; lastName: string } },
    email: string,
    role: string,
    token: string,
    baseUrl: string,
  ) {
    return invitationMail({
      to: email,
      inviter: `${caller.user.firstName} ${caller.user.lastName}`.trim(),
      workspace: await repo.workspaceName(tx, caller.workspaceId),
      role,
      link: `${baseUrl}/auth/accept-invitation?token=${encodeURIComponent(token)}`,
    });
  }
}

function requireAdmin(caller: Caller) {
  if (caller.role !== 'admin') throw forbidden('Only an admin can manage invitations');
}
