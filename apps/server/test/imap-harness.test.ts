import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawMessage, startImapServer, type TestImapServer } from './imap-server.ts';

const account = { user: 'harness@example.test', password: 'harness-pass' };

describe('the IMAP test peer (dovecot)', () => {
  let imap: TestImapServer;
  beforeAll(async () => {
    imap = await startImapServer([account]);
  });
  afterAll(async () => {
    await imap.close();
  });

  it('lists the special-use folders and keeps appended messages', async () => {
    const uids = await imap.append(account, 'INBOX', [
      rawMessage({ subject: 'One' }),
      rawMessage({ subject: 'Two' }),
    ]);
    expect(uids).toEqual([1, 2]);
    const client = await imap.client(account);
    try {
      const list = await client.list();
      const uses = Object.fromEntries(list.map((f) => [f.path, f.specialUse ?? null]));
      expect(uses).toMatchObject({
        INBOX: '\\Inbox',
        Sent: '\\Sent',
        Trash: '\\Trash',
        Junk: '\\Junk',
        Drafts: '\\Drafts',
        Archive: '\\Archive',
      });
      const status = await client.status('INBOX', { messages: true, uidValidity: true });
      expect(status && status.messages).toBe(2);
      imap.setUidValidity(account, 'INBOX', 4242);
      const after = await client.status('INBOX', { uidValidity: true });
      expect(after && Number(after.uidValidity)).toBe(4242);
    } finally {
      await client.logout();
    }
  });

  it('refuses a wrong password, and comes back after a kill', async () => {
    await expect(imap.client({ ...account, password: 'wrong' })).rejects.toThrow();
    await imap.kill();
    await expect(imap.client(account)).rejects.toThrow();
    await imap.start();
    const client = await imap.client(account);
    const status = await client.status('INBOX', { messages: true });
    expect(status && status.messages).toBe(2);
    await client.logout();
  });
});
