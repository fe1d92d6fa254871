import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort, sleep } from './processes.ts';

/**
 * A real IMAP server for the tests: Debian's dovecot, configured in a temporary folder and run in
 * the foreground (`dovecot -F -c <conf>`), on its own loopback port, with plain authentication
 * from a passwd-file and Maildir storage under the same folder. No system service is used or
 * started. Documented in docs/decisions/058-connected-mailboxes-imap.md ("The IMAP test peer").
 *
 * When dovecot is missing and the tests run as root on a Debian machine, it is installed with
 * apt-get (as .ci/run installs Chromium); otherwise the tests fail with the command to run.
 */

const DOVECOT = '/usr/sbin/dovecot';
const DOVEADM = '/usr/bin/doveadm';

let installed = false;

/** Installs Debian's dovecot-imapd when it is missing and we may (root with apt-get). */
export function ensureDovecot(): void {
  if (installed || existsSync(DOVECOT)) {
    installed = true;
    return;
  }
  const root = process.getuid?.() === 0;
  if (root && existsSync('/usr/bin/apt-get')) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['install', '-y', '-q', 'dovecot-imapd'], { env, stdio: 'pipe' });
    } catch {
      // The package lists may be missing on a fresh machine.
      execFileSync('apt-get', ['update', '-q'], { env, stdio: 'pipe' });
      execFileSync('apt-get', ['install', '-y', '-q', 'dovecot-imapd'], { env, stdio: 'pipe' });
    }
  }
  if (!existsSync(DOVECOT)) {
    throw new Error(
      'The IMAP tests need Debian’s dovecot: install it with `sudo apt-get install -y dovecot-imapd`',
    );
  }
  installed = true;
}

export type ImapUser = { user: string; password: string };

export type TestImapServer = {
  host: string;
  port: number;
  dir: string;
  /**
   * Adds an account while it runs. Dovecot looks at the passwd-file again at most once a second:
   * the promise resolves when a login sees the change.
   */
  addUser(user: string, password: string): Promise<void>;
  /** Gives an account a new password (as its owner would change it elsewhere); as `addUser`. */
  replaceUser(user: string, password: string): Promise<void>;
  /** A connected, logged-in imapflow client for an account; the caller logs out. */
  client(account: ImapUser): Promise<ImapFlow>;
  /** APPENDs raw messages to a folder of an account; answers their UIDs. */
  append(
    account: ImapUser,
    folder: string,
    messages: (string | Buffer)[],
    flags?: string[],
  ): Promise<number[]>;
  /** Gives a folder a new UIDVALIDITY (doveadm), as a server does when it rebuilds a folder. */
  setUidValidity(account: ImapUser, folder: string, value: number): void;
  /** Stops the server gracefully (SIGTERM) and waits for it. */
  stop(): Promise<void>;
  /** Kills the server at once (SIGKILL): connections drop without a goodbye. */
  kill(): Promise<void>;
  /** Starts it again on the same port and folder (after stop or kill). */
  start(): Promise<void>;
  /** Stops it and removes the folder. */
  close(): Promise<void>;
  log(): string;
};

/** The account the mail runs as: ours, or dovecot's own user when we are root (UID 0 may not read mail). */
function mailOwner(): { name: string; uid: number; gid: number; loginUser: string } {
  if (process.getuid?.() !== 0) {
    const me = userInfo();
    return { name: me.username, uid: me.uid, gid: me.gid, loginUser: me.username };
  }
  const uid = Number(execFileSync('id', ['-u', 'dovecot'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'dovecot'], { encoding: 'utf8' }).trim());
  return { name: 'dovecot', uid, gid, loginUser: 'dovenull' };
}

function configText(dir: string, port: number, owner: ReturnType<typeof mailOwner>): string {
  const folders = [
    ['Sent', '\\Sent'],
    ['Drafts', '\\Drafts'],
    ['Trash', '\\Trash'],
    ['Junk', '\\Junk'],
    ['Archive', '\\Archive'],
  ]
    .map(
      ([name, use]) => `  mailbox ${name} {\n    special_use = ${use}\n    auto = subscribe\n  }\n`,
    )
    .join('');
  return `# Written by apps/server/test/imap-server.ts for one test run.
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = beacon-imap-${port}
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${owner.name}
default_internal_group = ${owner.name}
default_login_user = ${owner.loginUser}
mail_location = maildir:${dir}/mail/%u
mail_uid = ${owner.uid}
mail_gid = ${owner.gid}
first_valid_uid = 1
first_valid_gid = 1
mail_max_userip_connections = 200
imap_idle_notify_interval = 1 secs
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
namespace inbox {
  inbox = yes
  separator = /
${folders}}
`;
}

/** Starts a dovecot of its own in a new temporary folder. */
export async function startImapServer(accounts: ImapUser[] = []): Promise<TestImapServer> {
  ensureDovecot();
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-imap-'));
  const owner = mailOwner();
  const port = await freePort();
  const conf = path.join(dir, 'dovecot.conf');
  mkdirSync(path.join(dir, 'mail'));
  mkdirSync(path.join(dir, 'run'));
  // The folder is made by us (perhaps root); dovecot's auth and mail processes run as `owner`.
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o755);
    chownSync(path.join(dir, 'mail'), owner.uid, owner.gid);
  }
  writeFileSync(conf, configText(dir, port, owner));
  const passwd = path.join(dir, 'passwd');
  writeFileSync(passwd, '');
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const writeUser = (user: string, password: string) => {
    if (/[:\s]/.test(user) || /[\r\n]/.test(password)) throw new Error('bad test account');
    const others = readFileSync(passwd, 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith(`${user}:`));
    writeFileSync(passwd, [...others, `${user}:{PLAIN}${password}`].map((l) => `${l}\n`).join(''));
  };
  const addUser = async (user: string, password: string) => {
    writeUser(user, password);
    await sleep(1_100);
  };
  for (const account of accounts) writeUser(account.user, account.password);

  const start = async () => {
    const proc = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = proc;
    let stderr = '';
    proc.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`dovecot exited: ${stderr}`);
      if (await greets(port)) return;
      if (Date.now() > deadline) throw new Error(`dovecot did not start: ${stderr}`);
      await sleep(50);
    }
  };

  const halt = async (signal: NodeJS.Signals) => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    if (signal === 'SIGKILL') {
      // The master's children (login, imap, auth) would keep serving: kill them too.
      killTree(proc.pid!);
    } else {
      proc.kill(signal);
    }
    await exited;
    // Let the port go before anyone starts again.
    for (let i = 0; i < 100 && (await greets(port)); i += 1) await sleep(50);
  };

  await start();
  const host = '127.0.0.1';
  const server: TestImapServer = {
    host,
    port,
    dir,
    addUser,
    replaceUser: addUser,
    async client(account) {
      const client = new ImapFlow({
        host,
        port,
        secure: false,
        auth: { user: account.user, pass: account.password },
        logger: false,
        disableAutoIdle: true,
      });
      await client.connect();
      return client;
    },
    async append(account, folder, messages, flags = []) {
      const client = await server.client(account);
      try {
        const uids: number[] = [];
        for (const message of messages) {
          const result = await client.append(folder, message, flags);
          if (!result || !result.uid) throw new Error(`APPEND to ${folder} gave no UID`);
          uids.push(result.uid);
        }
        return uids;
      } finally {
        await client.logout();
      }
    },
    setUidValidity(account, folder, value) {
      execFileSync(
        DOVEADM,
        [
          '-c',
          conf,
          'mailbox',
          'update',
          '-u',
          account.user,
          '--uid-validity',
          String(value),
          folder,
        ],
        { stdio: 'pipe' },
      );
    },
    stop: () => halt('SIGTERM'),
    kill: () => halt('SIGKILL'),
    start,
    async close() {
      await halt('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    log: () =>
      existsSync(path.join(dir, 'dovecot.log'))
        ? readFileSync(path.join(dir, 'dovecot.log'), 'utf8')
        : '',
  };
  return server;
}

/** True when something on the port greets as an IMAP server. */
async function greets(port: number): Promise<boolean> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('* OK')));
  });
}

/** SIGKILL to a process and every process under it. */
function killTree(pid: number): void {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep answers 1 when there are none.
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  for (const child of children) killTree(child);
}

/** A small RFC 5322 message for the tests. */
export function rawMessage(options: {
  from?: string;
  to?: string;
  subject: string;
  text?: string;
  messageId?: string;
  date?: Date;
  inReplyTo?: string;
}): string {
  const lines = [
    `From: ${options.from ?? 'Ada Lovelace <ada@example.test>'}`,
    `To: ${options.to ?? 'Me <me@example.test>'}`,
    `Subject: ${options.subject}`,
    `Date: ${(options.date ?? new Date()).toUTCString()}`,
    `Message-ID: ${options.messageId ?? `<${Math.random().toString(36).slice(2)}@example.test>`}`,
    ...(options.inReplyTo ? [`In-Reply-To: ${options.inReplyTo}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.text ?? `The body of ${options.subject}.`,
    '',
  ];
  return lines.join('\r\n');
}
