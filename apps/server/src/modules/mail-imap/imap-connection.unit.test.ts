import { describe, expect, it } from 'vitest';
import { beaconFolderOf, classifyConnectionError, describeProblem } from './imap-connection.ts';

const folder = (path: string, specialUse?: string, flags: string[] = []) => ({
  path,
  specialUse,
  flags: new Set(flags),
});

describe('beaconFolderOf', () => {
  it.each([
    [folder('INBOX', '\\Inbox'), 'inbox'],
    [folder('INBOX'), 'inbox'],
    [folder('Sent Items', '\\Sent'), 'sent'],
    [folder('Brouillons', '\\Drafts'), 'drafts'],
    [folder('Deleted', '\\Trash'), 'trash'],
    [folder('Spam', '\\Junk'), 'spam'],
    [folder('Archives', '\\Archive'), 'archive'],
    [folder('Projects/2026'), 'custom'],
  ] as const)('maps %j to %s', (entry, expected) => {
    expect(beaconFolderOf(entry)).toBe(expected);
  });

  it('skips virtual and unselectable folders', () => {
    expect(beaconFolderOf(folder('[Gmail]/All Mail', '\\All'))).toBeNull();
    expect(beaconFolderOf(folder('[Gmail]/Starred', '\\Flagged'))).toBeNull();
    expect(beaconFolderOf(folder('[Gmail]', undefined, ['\\Noselect']))).toBeNull();
  });
});

describe('classifyConnectionError', () => {
  it('tells a refused login from a server that cannot be reached', () => {
    expect(classifyConnectionError({ authenticationFailed: true })).toBe('auth');
    expect(classifyConnectionError({ code: 'EAUTH', responseCode: 535 })).toBe('auth');
    expect(classifyConnectionError({ code: 'ECONNREFUSED' })).toBe('unreachable');
    expect(classifyConnectionError({ code: 'ENOTFOUND' })).toBe('unreachable');
    expect(classifyConnectionError({ code: 'ERR_SSL_WRONG_VERSION_NUMBER' })).toBe('tls');
    expect(classifyConnectionError(new Error('odd'))).toBe('protocol');
  });

  it('words a problem without the server’s own text', () => {
    expect(describeProblem('IMAP', 'auth')).toBe(
      'IMAP: the server refused the user name or password',
    );
    expect(describeProblem('SMTP', 'unreachable')).toMatch(
      /^SMTP: the server could not be reached/,
    );
  });
});
