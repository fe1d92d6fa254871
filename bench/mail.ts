/**
 * bench/mail (issue 12). Two parts, each on PostgreSQL and the embedded database (BENCH_DB):
 *
 * 1. Inbound SMTP: BENCH_MAIL_INBOUND messages (10,000) delivered to a Beacon mailbox through the
 *    listener by BENCH_MAIL_CLIENTS SMTP clients at once (nodemailer, pooled connections): messages
 *    per second, and the parse-and-store time of each message (end of its data to stored: MIME
 *    parse, mailauth checks with an empty DNS, files, rows) at the median and 95th percentile.
 * 2. A mailbox of BENCH_MAIL_MESSAGES messages (1,000,000): the first page of the inbox, of a
 *    custom label and of a search (a rare word, and a common one), at the median and 95th
 *    percentile, each beside the raw SQL of the same page in the same run.
 *
 *   npm run bench:mail                         PostgreSQL then PGlite
 *   BENCH_DB=pglite BENCH_MAIL_MESSAGES=200000 npm run bench:mail
 *
 * Targets: at least 100 messages per second inbound; pages under 50 ms at p95 on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  SECRET,
  benchTargets,
  closeClient,
  dbTitle,
  loadAverage,
  measureBeside,
  measureGet,
  numberEnv,
  openBenchDatabase,
  startServer,
  stats,
  type Stats,
} from './lib.ts';

const INBOUND = numberEnv('BENCH_MAIL_INBOUND', 10_000);
const CLIENTS = numberEnv('BENCH_MAIL_CLIENTS', 8);
const MESSAGES = numberEnv('BENCH_MAIL_MESSAGES', 1_000_000);
const ROUNDS = numberEnv('BENCH_ROUNDS', 40);

const fmt = (ms: number) => `${ms.toFixed(1).padStart(8)} ms`;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** No DNS in a bench: every question is answered "no such record" at once. */
const emptyDns = async (name: string) => {
  throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

for (const kind of benchTargets('postgres,pglite')) {
  const bench = await openBenchDatabase(kind, 'beacon_bench_mail');
  const config = loadConfig({
    DATA_DIR: bench.dataDir,
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    INBOUND_SMTP_PORT: '0',
    ...(bench.databaseUrl ? { DATABASE_URL: bench.databaseUrl } : {}),
  });
  let smtpPort = 0;
  const storeTimes: number[] = [];
  const checkTimes: number[] = [];
  const writeTimes: number[] = [];
  const { app, base, member } = await startServer(bench.database, config, {
    mail: {
      resolver: emptyDns,
      onInboundSmtp: (address) => (smtpPort = address.port),
      onInboundStored: (ms, parts) => {
        storeTimes.push(ms);
        checkTimes.push(parts.checks);
        writeTimes.push(parts.store);
      },
    },
  });
  const db = bench.database.db;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...member.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status >= 300)
      throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, { id: string }>;
  };
  try {
    await post('/api/mail/domains/new', { domain: 'bench.example.test' });
    const inbound = (
      await post('/api/mail/mailboxes/new', {
        kind: 'beacon',
        address: 'inbound@bench.example.test',
      })
    ).mailbox!;

    // Part 1: inbound SMTP delivery.
    const transports = Array.from({ length: CLIENTS }, () =>
      nodemailer.createTransport({
        host: '127.0.0.1',
        port: smtpPort,
        pool: true,
        maxConnections: 1,
        maxMessages: Infinity,
        ignoreTLS: true,
      }),
    );
    const body =
      'Hello,\r\n\r\nA message of the inbound benchmark, with a few lines of text.\r\n\r\nRegards\r\n';
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      transports.map(async (transport) => {
        while (next < INBOUND) {
          const i = next++;
          await transport.sendMail({
            envelope: {
              from: `sender${i % 100}@customers.test`,
              to: ['inbound@bench.example.test'],
            },
            raw: `From: Sender ${i % 100} <sender${i % 100}@customers.test>\r\nTo: inbound@bench.example.test\r\nSubject: Bench message ${i}\r\nMessage-ID: <bench-${i}@customers.test>\r\nDate: ${new Date().toUTCString()}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}`,
          });
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    for (const transport of transports) transport.close();
    const [stored] = rows<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from mail_messages where mailbox_id = ${inbound.id}`,
      ),
    );
    const perMessage = stats(storeTimes);
    const checks = stats(checkTimes);
    const writes = stats(writeTimes);

    // Part 2: a mailbox of MESSAGES messages.
    const big = (
      await post('/api/mail/mailboxes/new', { kind: 'beacon', address: 'big@bench.example.test' })
    ).mailbox!;
    const label = (await post('/api/mail/labels/new', { mailboxId: big.id, name: 'Customers' }))
      .label!;
    const fillStart = performance.now();
    const THREADS = Math.max(1, Math.floor(MESSAGES / 4));
    await db.execute(sql`
      insert into mail_threads (id, workspace_id, mailbox_id, subject_key, message_count, last_message_at)
      select md5('t' || s)::uuid, ${member.workspaceId}, ${big.id}, 'thread ' || s, 4, now()
      from generate_series(1, ${THREADS}::int) as s`);
    const CHUNK = 100_000;
    const topics = [
      'pricing',
      'renewal',
      'demo',
      'invoice',
      'contract',
      'meeting',
      'support',
      'proposal',
      'security',
      'onboarding',
    ];
    for (let from = 1; from <= MESSAGES; from += CHUNK) {
      const to = Math.min(MESSAGES, from + CHUNK - 1);
      await db.execute(sql`
        insert into mail_messages (workspace_id, mailbox_id, thread_id, folder, direction, status,
          message_id, from_address, from_name, subject, text, snippet, date, seen)
        select ${member.workspaceId}, ${big.id}, md5('t' || (1 + s % ${THREADS}))::uuid,
          (case when s % 20 = 0 then 'sent' when s % 7 = 0 then 'archive' else 'inbox' end)::mail_folder,
          (case when s % 20 = 0 then 'out' else 'in' end)::mail_direction,
          (case when s % 20 = 0 then 'sent' else 'received' end)::mail_status,
          'big-' || s || '@bench.test', 'person' || (s % 5000) || '@customers.test', 'Person ' || (s % 5000),
          'About the ' || (${sql.raw(`array['${topics.join("','")}']`)})[1 + s % 10] || ' #' || s,
          'Message number ' || s || ' on ' || (${sql.raw(`array['${topics.join("','")}']`)})[1 + s % 10]
            || case when s % 1000 = 0 then ' zanzibar' else '' end || '. Regards',
          'Message number ' || s, now() - make_interval(secs => ${MESSAGES} - s), s % 3 <> 0
        from generate_series(${from}::int, ${to}::int) as s`);
    }
    await db.execute(sql`
      insert into mail_message_labels (label_id, message_id, workspace_id, date)
      select ${label.id}, id, workspace_id, date from mail_messages
      where mailbox_id = ${big.id} and (hashtext(message_id) % 10) = 0`);
    await db.execute(sql`analyze mail_messages, mail_message_labels, mail_threads`);
    const fillSeconds = (performance.now() - fillStart) / 1000;

    const url = (query: string) => `${base}/api/mail/mails?mailboxId=${big.id}&limit=30&${query}`;
    const rawPage = (where: ReturnType<typeof sql>) => () =>
      db.execute(sql`select * from mail_messages where mailbox_id = ${big.id} and ${where}
        order by date desc, id desc limit 31`);
    const health = await measureGet(`${base}/health`, {}, ROUNDS);
    const inbox = await measureBeside(
      url('label=inbox'),
      member.auth,
      rawPage(sql`folder = 'inbox'`),
      ROUNDS,
    );
    const labelled = await measureBeside(
      url(`label=${label.id}`),
      member.auth,
      () =>
        db.execute(sql`select m.* from mail_messages m join mail_message_labels l on l.message_id = m.id
        where l.label_id = ${label.id} order by l.date desc, l.message_id desc limit 31`),
      ROUNDS,
    );
    const rare = await measureBeside(
      url('search=zanzibar'),
      member.auth,
      rawPage(
        sql`folder in ('inbox', 'sent', 'archive') and search_vector @@ plainto_tsquery('simple', 'zanzibar')`,
      ),
      ROUNDS,
    );
    const common = await measureBeside(
      url('search=renewal'),
      member.auth,
      rawPage(
        sql`folder in ('inbox', 'sent', 'archive') and search_vector @@ plainto_tsquery('simple', 'renewal')`,
      ),
      ROUNDS,
    );
    const labels = await measureGet(
      `${base}/api/mail/labels?mailboxId=${big.id}`,
      member.auth,
      Math.min(ROUNDS, 10),
    );

    const ok = (s: Stats | undefined, target: number) => (s && s.p95 < target ? 'ok' : 'OVER');
    console.log(`\nbench/mail on ${dbTitle(kind)}; load ${loadAverage()}`);
    console.log(
      `inbound SMTP: ${stored!.n.toLocaleString('en')} of ${INBOUND.toLocaleString('en')} messages stored in ${seconds.toFixed(1)} s by ${CLIENTS} clients: ` +
        `${(INBOUND / seconds).toFixed(0)} messages/s (target >= 100: ${INBOUND / seconds >= 100 ? 'ok' : 'UNDER'})`,
    );
    console.log(
      `  parse and store per message              median ${fmt(perMessage.median)}   p95 ${fmt(perMessage.p95)}`,
    );
    console.log(
      `    of which parse and checks              median ${fmt(checks.median)}   p95 ${fmt(checks.p95)}`,
    );
    console.log(
      `    of which store (files and rows)        median ${fmt(writes.median)}   p95 ${fmt(writes.p95)}`,
    );
    console.log(
      `\nmailbox of ${MESSAGES.toLocaleString('en')} messages, filled in ${fillSeconds.toFixed(1)} s; ${ROUNDS} rounds each`,
    );
    console.log(
      '                                       HTTP median    HTTP p95   SQL median     SQL p95   target',
    );
    const line = (name: string, m: { http?: Stats; raw: Stats }, target?: number) =>
      console.log(
        `${name.padEnd(38)} ${fmt(m.http?.median ?? NaN)} ${fmt(m.http?.p95 ?? NaN)} ${fmt(m.raw.median)} ${fmt(m.raw.p95)}` +
          (target ? `   <${target} ms ${ok(m.http, target)}` : ''),
      );
    console.log(`GET /health (baseline)                 ${fmt(health.median)} ${fmt(health.p95)}`);
    line('first page of the inbox', inbox, 50);
    line('first page of a custom label (10%)', labelled, 50);
    line('search, a rare word (0.1%)', rare, 50);
    line('search, a common word (10%)', common, 50);
    console.log(`GET /api/mail/labels (counts)          ${fmt(labels.median)} ${fmt(labels.p95)}`);
  } finally {
    await app.close();
    await bench.close();
  }
}
closeClient();
