import { describe, expect, it } from 'vitest';
import { movedServerFields } from './mail-imap.service.ts';

// Which changes of a connected mailbox need its password given again (mail-imap.service.ts
// `changeConnection`): every one that moves where the stored password would be sent, or as whom.

const row = {
  imapHost: 'imap.example.test',
  imapPort: 993,
  imapSecurity: 'tls' as const,
  smtpHost: 'smtp.example.test',
  smtpPort: 465,
  smtpSecurity: 'tls' as const,
  username: 'me@example.test',
};

describe('movedServerFields', () => {
  it('moves nothing when nothing, or only the current values, are given', () => {
    expect(movedServerFields(row, {})).toEqual([]);
    expect(movedServerFields(row, { ...row, imapHost: 'IMAP.Example.test' })).toEqual([]);
  });

  it.each([
    ['imapHost', 'evil.test'],
    ['imapPort', 143],
    ['imapSecurity', 'none'],
    ['smtpHost', 'evil.test'],
    ['smtpPort', 25],
    ['smtpSecurity', 'starttls'],
    ['username', 'other@example.test'],
  ] as const)('names %s changed to %j', (field, value) => {
    expect(movedServerFields(row, { [field]: value })).toEqual([field]);
  });
});
