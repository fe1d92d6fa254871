// The browser tests' mail peer: a real SMTP server on loopback (`smtp-server`) that the built
// Beacon server sends to (SMTP_URL), as it would send to a company's relay. Each message it
// receives is parsed with `mailparser` and written to `dir` as one JSON file
// ({ to, from, subject, text, html, inReplyTo, attachments, date }), which the specs read (e2e/fixtures.ts `waitForMail`):
// an invitation's or a confirmation's link is followed as a person would from their inbox.
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// smtp-server is the server's test peer (apps/server/package.json); mailparser is the root's.
const { SMTPServer } = createRequire(path.join(root, 'apps/server/package.json'))('smtp-server');
const { simpleParser } = createRequire(path.join(root, 'package.json'))('mailparser');

/** Starts the catcher on a free loopback port; answers its port and how to stop it. */
export async function startMailCatcher(dir) {
  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          count += 1;
          const record = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            inReplyTo: mail.inReplyTo ?? '',
            attachments: (mail.attachments ?? []).map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              size: a.size,
            })),
            date: new Date().toISOString(),
          };
          const name = `${Date.now()}-${String(count).padStart(4, '0')}.json`;
          writeFileSync(path.join(dir, name), JSON.stringify(record));
          callback();
        })
        .catch((error) => callback(error));
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  return {
    port: smtp.server.address().port,
    close: () => new Promise((resolve) => smtp.close(() => resolve())),
  };
}
