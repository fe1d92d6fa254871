import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';

// The mail tests' real peers: an SMTP server that receives what Beacon sends, an SMTP client
// (nodemailer) that delivers to Beacon's inbound listener, and a DNS of fixed answers for
// mailauth (no real DNS in tests).

export type ReceivedMail = { from: string; to: string[]; raw: Buffer };

/**
 * An smtp-server on loopback that keeps what it receives. `hold` makes it wait before it answers
 * the end of a message's data (a kill test stops Beacon meanwhile). `auth`: it offers AUTH and
 * takes any login, as a connected mailbox's own server takes its owner's (modules/mail-imap).
 */
export async function startSmtpPeer(options: { hold?: () => Promise<void>; auth?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        void (options.hold?.() ?? Promise.resolve()).then(() => callback());
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A DNS for mailauth: TXT records by name; anything else is "not found". */
export function fakeDns(txt: Record<string, string[]> = {}) {
  return async (name: string, rrtype: string): Promise<unknown> => {
    const key = name.toLowerCase().replace(/\.$/, '');
    if (rrtype === 'TXT' && txt[key]) return txt[key].map((record) => [record]);
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
}

/** Delivers a raw message to Beacon's inbound listener as an SMTP client does. */
export async function deliver(
  port: number,
  envelope: { from: string; to: string[] },
  raw: Buffer | string,
) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    tls: { rejectUnauthorized: false },
  });
  try {
    return await transport.sendMail({ envelope, raw });
  } finally {
    transport.close();
  }
}

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'mail');

/** A message of apps/server/test/fixtures/mail, as its mail program wrote it. */
export const fixture = (name: string): Buffer => readFileSync(path.join(fixtures, name));
