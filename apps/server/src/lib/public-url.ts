/**
 * The base of every mailed link: the configured `PUBLIC_URL` (config.ts), else the origin the
 * request reached the server at (a trusted proxy's headers count only with TRUST_PROXY). A job has
 * no request: its mail carries a link only when PUBLIC_URL is set.
 */
export function linkBase(
  publicUrl: string | undefined,
  request: { protocol: string; host: string },
): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
