import { readCspNonce } from '../../../theme/emotion-cache.ts';

/**
 * FullCalendar 6 writes its CSS into a `<style>` tag it creates when its code first runs. Under
 * the server's CSP that tag needs the style nonce, which FullCalendar reads from
 * `<meta name="csp-nonce" content>` (its documented way; without it, it would take the script
 * nonce, which the server makes different). This puts that tag in place, and must run before
 * FullCalendar's code is loaded.
 */
export function provideFullCalendarNonce(doc: Document = document): void {
  const nonce = readCspNonce(doc);
  if (!nonce || doc.querySelector('meta[name="csp-nonce"]')) return;
  const meta = doc.createElement('meta');
  meta.setAttribute('name', 'csp-nonce');
  meta.setAttribute('content', nonce);
  doc.head.append(meta);
}
