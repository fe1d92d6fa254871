import { ImapFlow, type ListResponse } from 'imapflow';
import nodemailer from 'nodemailer';
import type { MailFolder, MailSecurity } from '@beacon/contract';
import { AppError } from '../../lib/errors.ts';

/** How Beacon reaches one connected mailbox's servers (the password already opened). */
export type ConnectionSettings = {
  imapHost: string;
  imapPort: number;
  imapSecurity: MailSecurity;
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: MailSecurity;
  username: string;
  password: string;
};

/** Seconds a connection attempt or a silent server may take before the sync gives up on it. */
const CONNECT_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 5 * 60_000;

/**
 * An imapflow client for the mailbox. Its own logger is off: imapflow logs commands, and a LOGIN
 * line would carry the password (docs/decisions/058-connected-mailboxes-imap.md).
 */
export function imapClient(settings: ConnectionSettings): ImapFlow {
  return new ImapFlow({
    host: settings.imapHost,
    port: settings.imapPort,
    secure: settings.imapSecurity === 'tls',
    doSTARTTLS:
      settings.imapSecurity === 'starttls'
        ? true
        : settings.imapSecurity === 'none'
          ? false
          : undefined,
    auth: { user: settings.username, pass: settings.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    clientInfo: { name: 'Beacon' },
  });
}

/** A nodemailer transport through the mailbox's own SMTP server. */
export function smtpTransport(settings: ConnectionSettings) {
  return nodemailer.createTransport({
    host: settings.smtpHost,
    port: settings.smtpPort,
    secure: settings.smtpSecurity === 'tls',
    requireTLS: settings.smtpSecurity === 'starttls',
    ignoreTLS: settings.smtpSecurity === 'none',
    auth: { user: settings.username, pass: settings.password },
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: 60_000,
    logger: false,
  });
}

/** Why a connection failed, in words a member can act on (no server text, which may echo input). */
export type ConnectionProblem = 'auth' | 'unreachable' | 'tls' | 'protocol';

export function classifyConnectionError(error: unknown): ConnectionProblem {
  const e = error as {
    authenticationFailed?: boolean;
    code?: string;
    responseCode?: number;
    message?: string;
  };
  if (e?.authenticationFailed || e?.code === 'EAUTH' || e?.responseCode === 535) return 'auth';
  const code = e?.code ?? '';
  if (
    /CERT|SSL|TLS|ERR_SSL|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code) ||
    /certificate|TLS|SSL/i.test(e?.message ?? '')
  ) {
    return 'tls';
  }
  if (
    [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ETIMEDOUT',
      'ECONNRESET',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'EPIPE',
      'NoConnection',
      'ConnectionTimeout',
      'GreetingTimeout',
      'ETIMEOUT',
      'ECONNECTION',
      'ESOCKET',
      'EDNS',
    ].includes(code)
  ) {
    return 'unreachable';
  }
  return 'protocol';
}

const problemWords: Record<ConnectionProblem, string> = {
  auth: 'the server refused the user name or password',
  unreachable: 'the server could not be reached (check the host and port)',
  tls: 'the secure connection failed (check the security setting and the certificate)',
  protocol: 'the server answered in a way Beacon did not understand',
};

/** The message shown for a failed connection, naming the side (IMAP or SMTP). */
export function describeProblem(side: 'IMAP' | 'SMTP', problem: ConnectionProblem): string {
  return `${side}: ${problemWords[problem]}`;
}

/** Logs in over IMAP and SMTP once; a refusal becomes a 400 naming the side and the cause. */
export async function verifyConnection(settings: ConnectionSettings): Promise<void> {
  const client = imapClient(settings);
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new AppError(
      'MAILBOX_CONNECTION_FAILED',
      describeProblem('IMAP', classifyConnectionError(error)),
      {
        imapHost: [problemWords[classifyConnectionError(error)]],
      },
    );
  }
  await client.logout().catch(() => client.close());
  const transport = smtpTransport(settings);
  try {
    await transport.verify();
  } catch (error) {
    throw new AppError(
      'MAILBOX_CONNECTION_FAILED',
      describeProblem('SMTP', classifyConnectionError(error)),
      {
        smtpHost: [problemWords[classifyConnectionError(error)]],
      },
    );
  } finally {
    transport.close();
  }
}

/** Which of Beacon's folders an IMAP folder's messages go to; null: not synced (\All, \Flagged). */
export function beaconFolderOf(
  folder: Pick<ListResponse, 'path' | 'specialUse' | 'flags'>,
): MailFolder | 'custom' | null {
  if (folder.flags?.has('\\Noselect') || folder.flags?.has('\\NonExistent')) return null;
  switch (folder.specialUse) {
    case '\\Inbox':
      return 'inbox';
    case '\\Sent':
      return 'sent';
    case '\\Drafts':
      return 'drafts';
    case '\\Trash':
      return 'trash';
    case '\\Junk':
      return 'spam';
    case '\\Archive':
      return 'archive';
    // Gmail's virtual folders hold copies of what other folders hold.
    case '\\All':
    case '\\Flagged':
    case '\\Important':
      return null;
    default:
      return folder.path.toUpperCase() === 'INBOX' ? 'inbox' : 'custom';
  }
}
