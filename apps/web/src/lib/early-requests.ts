/**
 * Requests the page's inline script starts before the first bundle has loaded
 * (route-preloads.ts): on a signed-in page, `GET /user/me` with the stored token, which the
 * session would otherwise ask only once the bundle has run (docs/decisions/034). Each is taken
 * once, by the first request for the same path with the same token; later ones go to the network.
 */
export type EarlyRequest = { path: string; token: string; response: Promise<Response> };

declare global {
  interface Window {
    __beaconEarly?: EarlyRequest[];
  }
}

export function takeEarlyResponse(path: string, token: string | null): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__beaconEarly;
  if (!early || !token) return null;
  const at = early.findIndex((request) => request.path === path && request.token === token);
  if (at < 0) return null;
  const [taken] = early.splice(at, 1);
  return taken?.response ?? null;
}
