import { describe, expect, it } from 'vitest';
import {
  accountEndpoints,
  authEndpoints,
  authInfoResponseSchema,
  currentUserSchema,
  MFA_GRANT,
} from '@beacon/contract';
import { sampleUser } from '../../../test/fetch.ts';
import {
  authCalls,
  authInfoSchema,
  currentUserCheck,
  MFA_GRANT_TYPE,
  signOutCall,
} from './auth-api.ts';

/** Runs a check and a zod schema on the same input: both accept (with the same result) or both refuse. */
function same(
  check: { parse(data: unknown): unknown },
  schema: typeof currentUserSchema | typeof authInfoResponseSchema,
  input: unknown,
) {
  const expected = schema.safeParse(input);
  if (expected.success) expect(check.parse(input)).toEqual(expected.data);
  else expect(() => check.parse(input)).toThrow();
}

describe('the hand-written checks agree with the contract', () => {
  it('/user/me', () => {
    const inputs: unknown[] = [
      sampleUser,
      { ...sampleUser, extra: 'dropped', workspace: { ...sampleUser.workspace, more: 1 } },
      ...(['contributor', 'viewer', 'owner', 1] as unknown[]).map((role) => ({
        ...sampleUser,
        role,
      })),
      ...Object.keys(sampleUser).map((key) => ({ ...sampleUser, [key]: undefined })),
      ...Object.keys(sampleUser).map((key) => ({ ...sampleUser, [key]: 42 })),
      { ...sampleUser, workspace: null },
      { ...sampleUser, workspace: { id: 'w' } },
      null,
      [],
      'user',
    ];
    for (const input of inputs) same(currentUserCheck, currentUserSchema, input);
  });

  it('/api/auth/info', () => {
    const inputs: unknown[] = [
      { demo: null },
      { demo: { email: 'a@b.co', password: 'pw', extra: 1 } },
      { demo: { email: 'a@b.co' } },
      { demo: 'x' },
      {},
      [],
      null,
      undefined,
    ];
    for (const input of inputs) same(authInfoSchema, authInfoResponseSchema, input);
  });
});

describe('the auth calls', () => {
  it('use the method and path of each contract endpoint, and call every one', () => {
    expect(Object.keys(authCalls).sort()).toEqual(Object.keys(authEndpoints).sort());
    for (const [name, call] of Object.entries(authCalls)) {
      const endpoint = authEndpoints[name as keyof typeof authEndpoints];
      expect({ method: call.method, path: call.path }).toEqual({
        method: endpoint.method,
        path: endpoint.path,
      });
    }
  });

  it("sign out with the account's session call, and name the second step's grant as the contract", () => {
    expect(signOutCall).toEqual({
      method: accountEndpoints.revokeSession.method,
      path: accountEndpoints.revokeSession.path,
    });
    expect(MFA_GRANT_TYPE).toBe(MFA_GRANT);
  });
});
