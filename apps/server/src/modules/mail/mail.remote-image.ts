import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';

/**
 * A mail's remote image, fetched by the server for a reader who allowed it
 * (docs/decisions/059-mail-app.md). The page cannot load it itself: its Content-Security-Policy,
 * which the mail's frame inherits, loads nothing from another host; and going through the server
 * also keeps the reader's address from the sender. Only the addresses the mail holds back are
 * fetched (the route checks), only from public addresses (checked at connect time, so a name that
 * resolves again to a private address on a later lookup is refused too), at most a few redirects,
 * a few seconds and a few MiB, and only raster images.
 */

export const REMOTE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
const IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address is on the public internet (not loopback, private, link-local…). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !blocked.check(address, 'ipv6');
  }
  return !blocked.check(address, 'ipv4');
}

const refused = () => badRequest('BAD_REQUEST', 'The image is not at a public address');

/** A DNS lookup that answers only public addresses (or any, when allowed: tests, a lab). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const usable = allowPrivate ? list : list.filter((a) => isPublicAddress(a.address));
      if (usable.length === 0)
        return callback(refused() as unknown as NodeJS.ErrnoException, '', 0);
      if ((options as { all?: boolean }).all) {
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      }
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

export type RemoteImage = { contentType: string; body: Buffer };

export async function fetchRemoteImage(
  address: string,
  options: { allowPrivate?: boolean; maxBytes?: number; timeoutMs?: number } = {},
  redirects = 0,
): Promise<RemoteImage> {
  const allowPrivate = options.allowPrivate ?? false;
  const maxBytes = options.maxBytes ?? REMOTE_IMAGE_MAX_BYTES;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw badRequest('BAD_REQUEST', 'Not an image address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest('BAD_REQUEST', 'Not an image address');
  }
  if (url.username || url.password) throw badRequest('BAD_REQUEST', 'Not an image address');
  // A literal address skips the lookup: check it here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !allowPrivate && !isPublicAddress(literal)) throw refused();

  const client = url.protocol === 'https:' ? https : http;
  return new Promise<RemoteImage>((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: guardedLookup(allowPrivate),
        timeout: options.timeoutMs ?? TIMEOUT_MS,
        headers: {
          accept: 'image/avif,image/webp,image/png,image/*;q=0.8',
          'user-agent': 'Beacon',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (redirects >= MAX_REDIRECTS) {
            reject(notFound('The image could not be fetched (too many redirects)'));
            return;
          }
          const next = new URL(response.headers.location, url).toString();
          fetchRemoteImage(next, options, redirects + 1).then(resolve, reject);
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(notFound(`The image could not be fetched (${status})`));
          return;
        }
        const contentType = String(response.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        if (!IMAGE_TYPES.has(contentType)) {
          response.resume();
          reject(badRequest('UNSUPPORTED_MEDIA_TYPE', 'The address does not answer an image'));
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          response.destroy();
          reject(badRequest('PAYLOAD_TOO_LARGE', `The image is larger than ${maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(badRequest('PAYLOAD_TOO_LARGE', `The image is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ contentType, body: Buffer.concat(chunks) }));
        response.on('error', () => reject(notFound('The image could not be fetched')));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => {
      reject(error instanceof AppError ? error : notFound('The image could not be fetched'));
    });
  });
}
