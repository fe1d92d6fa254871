import { promises as dns } from 'node:dns';
import { authenticate, type DnsResolver } from 'mailauth';
import { mailAuthResults, type MailAuth, type MailAuthResult } from '@beacon/contract';

export type { DnsResolver };

/** The system's DNS, as mailauth asks it (tests give a resolver of their own). */
export const systemResolver: DnsResolver = (name, rrtype) => dns.resolve(name, rrtype);

const known = new Set<string>(mailAuthResults);
const resultOf = (value: string | undefined): MailAuthResult =>
  value && known.has(value) ? (value as MailAuthResult) : 'none';

/** The best of several DKIM signatures' results: one passing signature is enough. */
function bestDkim(results: { status: { result: string } }[] | undefined): MailAuthResult {
  const order: MailAuthResult[] = ['pass', 'fail', 'policy', 'neutral', 'temperror', 'permerror'];
  const seen = new Set((results ?? []).map((r) => resultOf(r.status.result)));
  return order.find((r) => seen.has(r)) ?? 'none';
}

/**
 * Checks an inbound message with mailauth: SPF for the connecting address and the envelope
 * sender, DKIM signatures, DMARC alignment of the From domain, the ARC chain. A DMARC failure
 * marks the message as possibly spoofed. A DNS failure is a `temperror`, never a refusal.
 */
export async function checkMessage(
  raw: Buffer,
  envelope: { ip: string; helo: string; sender: string; mta: string },
  resolver: DnsResolver,
): Promise<MailAuth> {
  try {
    const result = await authenticate(raw, {
      ip: envelope.ip,
      helo: envelope.helo,
      sender: envelope.sender,
      mta: envelope.mta,
      resolver,
      disableBimi: true,
    });
    const dmarc = result.dmarc ? resultOf(result.dmarc.status.result) : 'none';
    return {
      spf: result.spf ? resultOf(result.spf.status.result) : 'none',
      dkim: bestDkim(result.dkim?.results),
      dmarc,
      arc: result.arc ? resultOf(result.arc.status.result) : 'none',
      spoofed: dmarc === 'fail',
      domain: (result.dmarc && result.dmarc.domain) || result.dkim?.headerFrom?.[0] || null,
    };
  } catch {
    return {
      spf: 'temperror',
      dkim: 'temperror',
      dmarc: 'temperror',
      arc: 'temperror',
      spoofed: false,
      domain: null,
    };
  }
}

/** How long the inbound checks keep a DNS answer, and a "no such record". */
export const DNS_CACHE = { answerMs: 5 * 60_000, missingMs: 60_000, entries: 10_000 };

/**
 * A resolver that keeps answers for a while (docs/decisions/062-mail-counts.md): the senders of
 * a batch of mail share their domains, and each message asks SPF, DKIM and DMARC of them, so
 * without it every message waited on the same questions. One question asked by several messages
 * at once is asked once. "No such record" is kept for less time; other failures (a timeout, a
 * refused query) are not kept, so the next message asks again. The oldest entries go past
 * `entries`. mailauth reads the answers and never changes them.
 */
export function cachingResolver(
  resolver: DnsResolver,
  options: { answerMs?: number; missingMs?: number; entries?: number; now?: () => number } = {},
): DnsResolver {
  const answerMs = options.answerMs ?? DNS_CACHE.answerMs;
  const missingMs = options.missingMs ?? DNS_CACHE.missingMs;
  const entries = options.entries ?? DNS_CACHE.entries;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { until: number; answer: Promise<unknown> }>();
  const missing = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENOTIMP']);
  return ((name: string, rrtype: string) => {
    const key = `${rrtype} ${name.toLowerCase()}`;
    const kept = cache.get(key);
    if (kept && kept.until > now()) return kept.answer;
    if (kept) cache.delete(key);
    // Asked now; a resolver that throws at once rejects like one that fails later.
    const answer = new Promise<unknown>((resolve) => resolve(resolver(name, rrtype)));
    // Kept while it is asked (later messages wait on the same question), then for its TTL.
    const entry = { until: Infinity, answer };
    cache.set(key, entry);
    if (cache.size > entries) cache.delete(cache.keys().next().value!);
    answer.then(
      () => {
        entry.until = now() + answerMs;
      },
      (error: { code?: string }) => {
        if (missing.has(error?.code ?? '')) entry.until = now() + missingMs;
        else if (cache.get(key) === entry) cache.delete(key);
      },
    );
    return answer;
  }) as DnsResolver;
}
