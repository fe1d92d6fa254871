import type { Company, Person } from '@beacon/contract';

/** RFC 6350 text escaping: backslash, comma, semicolon and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line at 75 octets (RFC 6350 section 3.2): CRLF and one space before each
 * continuation, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // a continuation's leading space counts
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A person as a vCard 4.0 (FN, N, EMAIL, TEL, ORG, TITLE, ADR, URL). */
export function personVcard(person: Person, company: Company | null): string {
  const fullName =
    [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email || 'Unnamed';
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `FN:${escapeText(fullName)}`,
    `N:${escapeText(person.lastName)};${escapeText(person.firstName)};;;`,
  ];
  if (person.email) lines.push(`EMAIL;PREF=1:${escapeText(person.email)}`);
  for (const email of person.additionalEmails) lines.push(`EMAIL:${escapeText(email)}`);
  for (const phone of person.phones) lines.push(`TEL:${escapeText(phone)}`);
  const org = company?.name ?? person.companyName;
  if (org) lines.push(`ORG:${escapeText(org)}`);
  if (person.jobTitle) lines.push(`TITLE:${escapeText(person.jobTitle)}`);
  if (person.city || person.region || person.country) {
    // ADR: post office box; extended address; street; locality; region; postal code; country.
    lines.push(
      `ADR:;;;${escapeText(person.city)};${escapeText(person.region)};;${escapeText(person.country)}`,
    );
  }
  if (person.linkedinUrl) lines.push(`URL:${person.linkedinUrl}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** A file name for the card: the person's name with only safe characters. */
export function vcardFileName(person: Person): string {
  const base = [person.firstName, person.lastName].filter(Boolean).join(' ') || 'contact';
  return `${base.replace(/[^\p{L}\p{N} ._-]/gu, '').trim() || 'contact'}.vcf`;
}
