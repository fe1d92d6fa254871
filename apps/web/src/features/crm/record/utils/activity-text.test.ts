import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { personPatchSchema, type Activity } from '@beacon/contract';
import { translationFiles } from '../../../../test/translation-files.ts';
import { describeActivity, formatFieldValue } from './activity-text.ts';
import { fullName, initials, localTime, splitList } from './format.ts';
import { validateField } from './validate.ts';

let t: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    ns: ['records', 'common'],
    resources: { en: translationFiles.en ?? {} },
    interpolation: { escapeValue: false },
  });
  t = instance.t;
});

const base: Activity = {
  id: 'a1',
  subjectType: 'person',
  subjectId: 'p1',
  kind: 'created',
  actorId: 'u1',
  field: null,
  oldValue: null,
  newValue: null,
  listId: null,
  listName: null,
  mailMessageId: null,
  note: null,
  createdAt: '2026-01-01T00:00:00Z',
};
const members: Record<string, string> = { u1: 'Mai Nguyen', u2: 'Leo Dubois' };
const context = { memberName: (id: string) => members[id] ?? null };

describe('describeActivity', () => {
  it('names who did what', () => {
    expect(describeActivity(t, base, context).title).toBe('Mai Nguyen created this record');
    expect(describeActivity(t, { ...base, actorId: null, kind: 'imported' }, context).title).toBe(
      'Someone imported this record',
    );
    expect(
      describeActivity(t, { ...base, kind: 'list_added', listName: 'Q3 targets' }, context).title,
    ).toBe('Mai Nguyen added this record to Q3 targets');
    expect(describeActivity(t, { ...base, kind: 'list_removed' }, context).title).toBe(
      'Mai Nguyen removed this record from a list',
    );
    expect(describeActivity(t, { ...base, kind: 'note_added' }, context).title).toBe(
      'Mai Nguyen added a note',
    );
    expect(describeActivity(t, { ...base, kind: 'merged' }, context).title).toBe(
      'Mai Nguyen merged a duplicate into this record',
    );
  });

  it('words the mail entries: received, sent and bounced', () => {
    expect(
      describeActivity(t, { ...base, kind: 'email_received', newValue: 'Re: Pricing' }, context)
        .title,
    ).toBe('E-mail received: Re: Pricing');
    expect(describeActivity(t, { ...base, kind: 'email_sent', newValue: '' }, context).title).toBe(
      'Mai Nguyen sent an e-mail: (no subject)',
    );
    const bounce = describeActivity(
      t,
      { ...base, kind: 'email_bounced', newValue: 'gone@client.test', oldValue: '550 5.1.1' },
      context,
    );
    expect(bounce.title).toBe('An e-mail to gone@client.test bounced');
    expect(bounce.change).toEqual({ from: 'gone@client.test', to: '550 5.1.1' });
  });

  it('shows a changed field with its old and new value, in words', () => {
    const text = describeActivity(
      t,
      {
        ...base,
        kind: 'field_changed',
        field: 'stage',
        oldValue: 'cold',
        newValue: 'do_not_contact',
      },
      context,
    );
    expect(text.title).toBe('Mai Nguyen changed Stage');
    expect(text.change).toEqual({ from: 'Cold', to: 'Do not contact' });
    const owner = describeActivity(
      t,
      { ...base, kind: 'field_changed', field: 'ownerId', oldValue: null, newValue: 'u2' },
      context,
    );
    expect(owner.change).toEqual({ from: '(empty)', to: 'Leo Dubois' });
    const company = describeActivity(
      t,
      { ...base, kind: 'field_changed', field: 'companyId', oldValue: 'c-old', newValue: 'c-new' },
      { ...context, companyName: (id) => (id === 'c-new' ? 'Globex' : null) },
    );
    expect(company.change).toEqual({ from: 'a company', to: 'Globex' });
  });

  it('formats values: lists as text, unknown codes and fields as sent', () => {
    expect(formatFieldValue(t, 'tags', '["vip","q3"]', context)).toBe('vip, q3');
    expect(formatFieldValue(t, 'tags', '[]', context)).toBe('(empty)');
    expect(formatFieldValue(t, 'tags', 'vip, q3', context)).toBe('vip, q3');
    expect(formatFieldValue(t, 'consentStatus', 'granted', context)).toBe('Granted');
    expect(formatFieldValue(t, 'jobTitle', 'CTO', context)).toBe('CTO');
    expect(formatFieldValue(t, 'ownerId', 'gone', context)).toBe('A former member');
    expect(formatFieldValue(t, 'seniority', 'c_level', context)).toBe('C-level');
    expect(
      describeActivity(t, { ...base, kind: 'field_changed', field: 'favouriteColour' }, context)
        .title,
    ).toBe('Mai Nguyen changed favouriteColour');
  });
});

describe('field helpers', () => {
  it('validates against the contract with translated messages', () => {
    const shape = personPatchSchema.shape;
    expect(validateField(t, 'email', shape.email, 'nope')).toBe('Not an e-mail address');
    expect(validateField(t, 'email', shape.email, '')).toBeNull();
    expect(validateField(t, 'linkedinUrl', shape.linkedinUrl, 'ftp://x')).toMatch(/http\(s\)/);
    expect(validateField(t, 'jobTitle', shape.jobTitle, 'x'.repeat(201))).toBe(
      'At most 200 characters',
    );
    expect(validateField(t, 'tags', shape.tags, ['ok', ''])).toBe('Required');
  });

  it('names, initials, lists and local time', () => {
    expect(fullName({ firstName: '', lastName: '', email: 'a@b.test' })).toBe('a@b.test');
    expect(initials('Ada Lovelace King')).toBe('AK');
    expect(initials('')).toBe('?');
    expect(splitList(' +1 555, ,+33 1;x ')).toEqual(['+1 555', '+33 1', 'x']);
    const noon = new Date('2026-06-01T12:00:00Z');
    expect(localTime('Asia/Tokyo', noon, 'en')).toMatch(/9:00/);
    expect(localTime('Not/AZone', noon, 'en')).toBeNull();
    expect(localTime('', noon, 'en')).toBeNull();
  });
});
