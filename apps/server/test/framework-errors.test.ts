import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, register, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await register(server)).token;
});
afterAll(async () => {
  await server.close();
});

type Answer = { status: number; contentType: string; body: Record<string, unknown> };

/** Every error answers `{ detail, code }` as JSON, never Fastify's `{ error, message, statusCode }`. */
function expectErrorBody(answer: Answer, status: number) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.contentType).toContain('application/json');
  expect(answer.body).toEqual({ detail: expect.any(String), code: expect.any(String) });
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: JSON.parse(text) as Record<string, unknown>,
  };
}

/** The head of each raw answer, for the security headers. */
const rawHeads: string[] = [];

/** Sends bytes as they are (what fetch would refuse to send) and reads the first answer. */
function raw(request: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () => {
      socket.write(request);
    });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const contentType = /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1] ?? '';
      rawHeads.push(head);
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
      const body = Buffer.from(rest.join('\r\n\r\n'), 'latin1').subarray(0, length);
      resolve({ status, contentType, body: JSON.parse(body.toString('utf8')) });
    });
  });
}

describe('framework errors answer { detail, code }', () => {
  it('refuses a malformed percent-escape in the path with a 400', async () => {
    for (const path of ['/api/people/%E0%A4%A', '/api/people/%zz', '/meetings/%']) {
      const answer = await call(path, { headers: authed(token) });
      expectErrorBody(answer, 400);
      expect(answer.body.code).toBe('BAD_REQUEST');
      expect(answer.body.detail).toContain('percent-escape');
    }
    // Without a token too: the router refuses it before any route runs.
    expectErrorBody(await call('/api/people/%E0%A4%A'), 400);
    // No hook ran, yet the answer carries the security headers as every other does.
    const response = await fetch(`${server.url}/api/people/%zz`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('refuses an over-long path parameter with a 414', async () => {
    for (const path of [`/api/people/${'a'.repeat(101)}`, `/api/imports/${'1'.repeat(5000)}`]) {
      const answer = await call(path, { headers: authed(token) });
      expectErrorBody(answer, 414);
      expect(answer.body.detail).toContain('too long');
    }
  });

  it('answers requests that are not valid HTTP, before Fastify sees them', async () => {
    const head = `Host: localhost\r\nAuthorization: Bearer ${token}\r\n`;
    // A Content-Length that is not a number.
    expectErrorBody(
      await raw(
        `POST /api/people HTTP/1.1\r\n${head}Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
      ),
      400,
    );
    // Both Content-Length and chunked (request smuggling).
    expectErrorBody(
      await raw(
        `POST /api/people HTTP/1.1\r\n${head}Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}`,
      ),
      400,
    );
    // A control character in a header name.
    expectErrorBody(await raw(`GET /health HTTP/1.1\r\n${head}X-Bad\x01: y\r\n\r\n`), 400);
    // Headers over Node's 16 KiB.
    expectErrorBody(
      await raw(`GET /health HTTP/1.1\r\n${head}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      431,
    );
    // Each written straight to the socket, with the security headers of every other answer.
    expect(rawHeads).toHaveLength(4);
    for (const answerHead of rawHeads) {
      expect(answerHead).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
      expect(answerHead).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
    }
  });

  it('answers a Content-Length shorter than the body (the rest is not a request)', async () => {
    const answer = await raw(
      `POST /api/people HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{"lastName":"Doe"}`,
    );
    expectErrorBody(answer, 400);
  });
});
