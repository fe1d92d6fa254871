import type { Person } from '@beacon/contract';

/** A person as the API answers it, with every field empty but what `overrides` gives. */
export function samplePerson(overrides: Partial<Person> = {}): Person {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    firstName: '',
    lastName: '',
    email: '',
    additionalEmails: [],
    emailStatus: 'ok',
    phones: [],
    jobTitle: '',
    seniority: null,
    department: '',
    companyId: null,
    companyName: '',
    city: '',
    region: '',
    country: '',
    timeZone: '',
    linkedinUrl: '',
    ownerId: null,
    stage: 'cold',
    tags: [],
    source: 'manual',
    consent: { status: 'unknown', at: null, method: null, note: '' },
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    lastActivityAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}
