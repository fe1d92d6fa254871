import type { PersonStage, Seniority } from '@beacon/contract';
import {
  COMPANY_FIRST,
  COMPANY_SECOND,
  COMPANY_TAGS,
  FIRST_NAMES,
  INDUSTRIES,
  LAST_NAMES,
  PERSON_TAGS,
  PLACES,
  ROLES,
  SIZES,
  SOURCES,
  STAGE_WEIGHTS,
  mailboxPart,
  type Place,
} from './words.ts';

/** mulberry32: a small seeded PRNG, so the same seed gives the same records. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const weighted = <T>(items: readonly T[], weight: (item: T) => number): T => {
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    let at = next() * total;
    for (const item of items) {
      at -= weight(item);
      if (at < 0) return item;
    }
    return items[items.length - 1]!;
  };
  /** `count` distinct items, in a random order. */
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = int(i + 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  };
  return { next, int, pick, weighted, sample, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof createRandom>;

const DAY = 86_400_000;

export type SeedCompany = {
  name: string;
  domain: string;
  industry: string;
  size: (typeof SIZES)[number]['size'];
  revenueRange: (typeof SIZES)[number]['revenue'];
  city: string;
  region: string;
  country: string;
  description: string;
  linkedinUrl: string;
  tags: string[];
  /** Index into the owners given to the generator, or null. */
  owner: number | null;
  createdAt: Date;
};

export type SeedPerson = {
  firstName: string;
  lastName: string;
  email: string;
  phones: string[];
  jobTitle: string;
  seniority: Seniority;
  department: string;
  /** Index into the companies. */
  company: number;
  city: string;
  region: string;
  country: string;
  timeZone: string;
  linkedinUrl: string;
  owner: number | null;
  stage: PersonStage;
  tags: string[];
  source: string;
  consentStatus: 'unknown' | 'granted' | 'withdrawn';
  createdAt: Date;
  lastActivityAt: Date;
};

const pickPlace = (random: Random): Place => random.weighted(PLACES, (p) => p.weight);

/** Companies whose domains agree with their names; each name and domain appears once. */
export function generateCompanies(
  random: Random,
  count: number,
  options: { owners: number; now: Date },
): SeedCompany[] {
  const companies: SeedCompany[] = [];
  const taken = new Set<string>();
  while (companies.length < count) {
    const industry = random.pick(INDUSTRIES);
    const stem = `${random.pick(COMPANY_FIRST)}${random.pick(COMPANY_SECOND)}`;
    const kind = random.pick(industry.kinds);
    const name = kind ? `${stem} ${kind}` : stem;
    let domain = `${mailboxPart(kind ? stem + kind : stem)}.${random.pick(industry.tlds)}`;
    if (taken.has(name.toLowerCase()) || taken.has(domain)) {
      if (companies.length + 200 < COMPANY_FIRST.length * COMPANY_SECOND.length) continue;
      domain = `${mailboxPart(stem)}-${companies.length}.com`;
    }
    taken.add(name.toLowerCase());
    taken.add(domain);
    const size = random.weighted(SIZES, (s) => s.weight);
    const place = pickPlace(random);
    companies.push({
      name,
      domain,
      industry: industry.name,
      size: size.size,
      revenueRange: size.revenue,
      city: place.city,
      region: place.region,
      country: place.country,
      description: `${name}: ${industry.description}`,
      linkedinUrl: `https://www.linkedin.com/company/${domain.split('.')[0]}`,
      tags: random.chance(0.5) ? random.sample(COMPANY_TAGS, 1 + random.int(2)) : [],
      owner: options.owners > 0 && random.chance(0.85) ? random.int(options.owners) : null,
      createdAt: new Date(options.now.getTime() - (30 + random.int(700)) * DAY),
    });
  }
  return companies;
}

/**
 * People at those companies: most live where their company is; the e-mail is first.last at the
 * company's domain (with a number when that address is already taken).
 */
export function generatePeople(
  random: Random,
  count: number,
  companies: SeedCompany[],
  options: { owners: number; now: Date },
): SeedPerson[] {
  const people: SeedPerson[] = [];
  const emails = new Set<string>();
  const placeOf = new Map(PLACES.map((p) => [p.city, p]));
  // Bigger companies get more people.
  const companyWeight = (i: number) => SIZES.findIndex((s) => s.size === companies[i]!.size) + 1;
  const companyIndexes = companies.map((_, i) => i);
  for (let n = 0; n < count; n += 1) {
    const company = random.weighted(companyIndexes, companyWeight);
    const at = companies[company]!;
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const role = random.weighted(ROLES, (r) => r.weight);
    const place = random.chance(0.75) ? placeOf.get(at.city)! : pickPlace(random);
    const local = `${mailboxPart(firstName)}.${mailboxPart(lastName)}`;
    let email = `${local}@${at.domain}`;
    for (let k = 2; emails.has(email); k += 1) email = `${local}${k}@${at.domain}`;
    emails.add(email);
    const createdAt = new Date(options.now.getTime() - (1 + random.int(400)) * DAY);
    const sinceCreated = options.now.getTime() - createdAt.getTime();
    const stage = random.weighted(STAGE_WEIGHTS, (s) => s[1])[0];
    const seniorTag = ['c_level', 'vp', 'owner', 'director'].includes(role.seniority);
    const tags = random.chance(0.45) ? random.sample(PERSON_TAGS, 1 + random.int(2)) : [];
    if (seniorTag && random.chance(0.6)) tags.push('decision-maker');
    if (seniorTag && random.chance(0.3)) tags.push('budget-holder');
    people.push({
      firstName,
      lastName,
      email,
      phones: random.chance(0.6) ? [phoneFor(random, place)] : [],
      jobTitle: role.title,
      seniority: role.seniority,
      department: role.department,
      company,
      city: place.city,
      region: place.region,
      country: place.country,
      timeZone: place.timeZone,
      linkedinUrl: `https://www.linkedin.com/in/${local.replace(/\./g, '-')}-${random.int(9000) + 1000}`,
      owner: options.owners > 0 && random.chance(0.9) ? random.int(options.owners) : null,
      stage,
      tags,
      source: random.pick(SOURCES),
      consentStatus:
        stage === 'do_not_contact' ? 'withdrawn' : random.chance(0.35) ? 'granted' : 'unknown',
      createdAt,
      lastActivityAt: new Date(createdAt.getTime() + random.next() * sinceCreated),
    });
  }
  return people;
}

const dialCodes: Record<string, string> = {
  'United States': '+1',
  Canada: '+1',
  Mexico: '+52',
  Brazil: '+55',
  Argentina: '+54',
  'United Kingdom': '+44',
  Ireland: '+353',
  France: '+33',
  Germany: '+49',
  Netherlands: '+31',
  Belgium: '+32',
  Switzerland: '+41',
  Spain: '+34',
  Portugal: '+351',
  Italy: '+39',
  Sweden: '+46',
  Denmark: '+45',
  Norway: '+47',
  Poland: '+48',
  'United Arab Emirates': '+971',
  Egypt: '+20',
  Nigeria: '+234',
  Kenya: '+254',
  India: '+91',
  Singapore: '+65',
  Vietnam: '+84',
  Japan: '+81',
  'South Korea': '+82',
  Australia: '+61',
  'New Zealand': '+64',
};

function phoneFor(random: Random, place: Place): string {
  const digits = Array.from({ length: 9 }, () => random.int(10)).join('');
  return `${dialCodes[place.country] ?? '+1'} ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}

export const NOTE_BODIES = [
  'Intro call went well. **Budget** is approved for next quarter; follow up after their planning week.',
  'Met at the conference booth. Interested in the _reporting_ features.\n\n- send the case study\n- book a demo',
  'Asked to be contacted again in January, the team is busy with a migration until then.',
  'Champion inside the account. Prefers e-mail over calls.',
  'Pricing question: needs a quote for 25 seats with annual billing.',
  'Replied to the sequence: not the right person, pointed us to their head of operations.',
  'Demo done.\n\n1. security review\n2. legal\n3. pilot with two teams',
  'Referred by an existing customer. Warm lead, reply within a day.',
];
