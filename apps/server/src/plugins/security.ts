import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * This response's CSP nonces. Reading them (an HTML page does) makes them and puts them in
     * the response's Content-Security-Policy; other answers carry the policy without nonces.
     */
    readonly cspNonce: { script: string; style: string };
  }
}

/** Replaced by a nonce per HTML response. */
const SCRIPT_NONCE = 'BEACON-SCRIPT-NONCE';
const STYLE_NONCE = 'BEACON-STYLE-NONCE';

/**
 * A strict Content-Security-Policy: scripts from our own origin only, and styles from our origin
 * or carrying this response's nonce (Emotion's style tags get it). Nothing may be loaded from
 * another host.
 */
function options(nonces: boolean): HelmetOptions {
  const nonce = (value: string) => (nonces ? [`'nonce-${value}'`] : []);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...nonce(SCRIPT_NONCE)],
        styleSrc: ["'self'", ...nonce(STYLE_NONCE)],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The app is served over plain HTTP by default; HSTS is for the proxy in front, if any.
    strictTransportSecurity: false,
  };
}

/** The headers helmet sets with these options, worked out once. */
function headersOf(helmetOptions: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(helmetOptions)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

let fixedHeaders: Record<string, string> | undefined;
/**
 * The security headers of every answer that carries no page (the strict policy without nonces),
 * worked out once: the plugin sets them on each request, and the answers written before any route
 * runs (plugins/errors.ts) set them too.
 */
export function securityHeaders(): Record<string, string> {
  fixedHeaders ??= headersOf(options(false));
  return fixedHeaders;
}

const NONCES = Symbol('beacon.cspNonces');
type WithNonces = FastifyReply & { [NONCES]: { script: string; style: string } | null };

/**
 * Security headers (helmet's, with the options above). helmet itself re-reads its directives and
 * rebuilds the policy on every response; here the headers are computed once at start, and a
 * nonce is made only for a response that asks for one (docs/decisions/027).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const headers = securityHeaders();
    const policy = headersOf(options(true))['content-security-policy']!;
    const [beforeScript, afterScript] = policy.split(SCRIPT_NONCE) as [string, string];
    const [between, afterStyle] = afterScript.split(STYLE_NONCE) as [string, string];

    app.decorateReply(NONCES, null);
    app.decorateReply('cspNonce', {
      getter(this: FastifyReply) {
        const reply = this as WithNonces;
        let nonces = reply[NONCES];
        if (!nonces) {
          nonces = {
            script: randomBytes(16).toString('hex'),
            style: randomBytes(16).toString('hex'),
          };
          reply[NONCES] = nonces;
          reply.header(
            'content-security-policy',
            `${beforeScript}${nonces.script}${between}${nonces.style}${afterStyle}`,
          );
        }
        return nonces;
      },
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'beacon-security' },
);
