import { beforeEach, describe, expect, it } from 'vitest';
import { sampleUser } from '../../../test/fetch.ts';
import { MEMBER_FRAME_KEY, memberFrameOf, rememberMember } from './member-frame.ts';

const stored = () => JSON.parse(window.localStorage.getItem(MEMBER_FRAME_KEY) ?? 'null') as unknown;

beforeEach(() => window.localStorage.clear());

describe('the remembered member (what the signed-in frame fills in)', () => {
  it('keeps the names, e-mail, workspace name, role, creation date and verification', () => {
    rememberMember(sampleUser);
    expect(stored()).toEqual({
      id: 'user-1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      role: 'admin',
      workspace: 'Analytical Engines',
      created_at: '2026-01-15T10:00:00.000Z',
      email_verified: false,
    });
  });

  it('keeps nothing of a user only partly known (just registered), and leaves the last one', () => {
    rememberMember(sampleUser);
    const partial = { email: 'new@example.com', first_name: 'New', last_name: 'Member' };
    expect(memberFrameOf(partial)).toBeNull();
    rememberMember(partial);
    expect(stored()).toMatchObject({ id: 'user-1' });
  });

  it('forgets the member when signed out', () => {
    rememberMember({ ...sampleUser, email_verified: true });
    expect(stored()).toMatchObject({ email_verified: true });
    rememberMember(null);
    expect(window.localStorage.getItem(MEMBER_FRAME_KEY)).toBeNull();
  });
});
