import { authed, getJson, register, type Json, type TestServer } from './helpers.ts';

export type Call = { status: number; body: Json; headers: Headers; text: string };

/** A fresh workspace with its admin and helpers to call the API as them (or as another token). */
export async function crmWorkspace(server: TestServer) {
  const admin = await register(server);
  const me = await getJson(`${server.url}/user/me`, admin.token);
  const userId = me.body.id as string;
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    token = admin.token,
  ): Promise<Call> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...authed(token),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed as Json, headers: response.headers, text };
  };
  const ok = async (method: string, path: string, body?: unknown, token = admin.token) => {
    const response = await call(method, path, body, token);
    if (response.status >= 300) {
      throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
    }
    return response.body;
  };
  return { admin, userId, call, ok };
}

export const query = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
