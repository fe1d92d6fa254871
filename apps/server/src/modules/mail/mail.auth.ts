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
