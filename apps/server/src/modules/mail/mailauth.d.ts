// mailauth ships no types: the part of its API modules/mail/mail.auth.ts uses.
declare module 'mailauth' {
  /** As `dns.promises.resolve`: the records of `name` of type `rrtype`. */
  export type DnsResolver = (name: string, rrtype: string) => Promise<unknown>;
  type Status = { result: string; comment?: string };
  export type AuthenticateResult = {
    dkim?: { headerFrom?: string[]; results?: { signingDomain?: string; status: Status }[] };
    spf?: { domain?: string; status: Status } | false;
    dmarc?: { domain?: string; status: Status } | false;
    arc?: { status: Status } | false;
    headers?: string;
  };
  export function authenticate(
    input: Buffer | string,
    options: {
      ip?: string;
      helo?: string;
      sender?: string;
      mta?: string;
      resolver?: DnsResolver;
      disableBimi?: boolean;
      disableArc?: boolean;
      minBitLength?: number;
    },
  ): Promise<AuthenticateResult>;
}
