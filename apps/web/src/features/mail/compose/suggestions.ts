import { memberProfileSchema, personPageSchema, type Person } from '@beacon/contract';
import { z } from 'zod';
import { http } from '../../../lib/http.ts';

/** A recipient offered while typing: a person of the CRM or a member of the workspace. */
export interface Suggestion {
  kind: 'person' | 'member';
  email: string;
  name: string;
  /** The person's company, or the member's title. */
  detail: string;
}

const membersSchema = z.array(memberProfileSchema);

/** People (`GET /api/people?q=`) and members (`GET /api/members/directory?q=`) that match. */
export async function searchRecipients(q: string, signal?: AbortSignal): Promise<Suggestion[]> {
  const [people, members] = await Promise.all([
    http
      .get('/api/people', { query: { q, limit: 8 }, schema: personPageSchema, signal })
      .catch(() => ({ items: [] as Person[] })),
    http
      .get('/api/members/directory', {
        query: { q, status: 'active' },
        schema: membersSchema,
        signal,
      })
      .catch(() => []),
  ]);
  const found: Suggestion[] = [];
  const seen = new Set<string>();
  for (const person of people.items) {
    for (const email of [person.email, ...person.additionalEmails]) {
      if (!email || seen.has(email)) continue;
      seen.add(email);
      found.push({
        kind: 'person',
        email,
        name: `${person.firstName} ${person.lastName}`.trim(),
        detail: person.companyName,
      });
    }
  }
  for (const member of members.slice(0, 5)) {
    const email = member.email.toLowerCase();
    if (seen.has(email)) continue;
    seen.add(email);
    found.push({
      kind: 'member',
      email,
      name: `${member.firstName} ${member.lastName}`.trim(),
      detail: member.title ?? '',
    });
  }
  return found;
}

/** The person of the CRM whose e-mail (primary or another) is this address, if any. */
export async function findPersonByEmail(
  address: string,
  signal?: AbortSignal,
): Promise<Person | null> {
  const email = address.trim().toLowerCase();
  if (!email) return null;
  const page = await http.get('/api/people', {
    query: { q: email, limit: 5 },
    schema: personPageSchema,
    signal,
  });
  return page.items.find((p) => p.email === email || p.additionalEmails.includes(email)) ?? null;
}
