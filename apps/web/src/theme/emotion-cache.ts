import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The nonce the server put in `<meta property="csp-nonce">`: its CSP allows only `<style>` tags
 * that carry it, so every tag Emotion writes must have it.
 */
export function readCspNonce(doc?: Document): string | undefined {
  // Pre-rendered at build time (src/prerender): the placeholder the server swaps per response.
  if (!doc && typeof document === 'undefined') return 'BEACON_CSP_NONCE';
  const meta = (doc ?? document).querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce');
  return nonce || undefined;
}

let cache: EmotionCache | undefined;

/** The left-to-right cache: Emotion's defaults. */
export function getEmotionCache(): EmotionCache {
  cache ??= createCache({ key: 'css', nonce: readCspNonce(), prepend: true });
  return cache;
}

/**
 * Starts a new cache: a page drawn at build time (src/prerender) must write every style it uses,
 * not only those the pages drawn before it in the same run did not.
 */
export function resetEmotionCache(): void {
  cache = undefined;
}

let rtlCache: Promise<EmotionCache> | undefined;

/**
 * The right-to-left cache mirrors every style with stylis-plugin-rtl (`left` becomes `right`,
 * `margin-left` becomes `margin-right`, ...). It is loaded on demand, so that a left-to-right
 * visitor never downloads the plugin.
 */
export function loadRtlCache(): Promise<EmotionCache> {
  rtlCache ??= Promise.all([import('stylis'), import('stylis-plugin-rtl')]).then(
    ([{ prefixer }, { default: rtlPlugin }]) =>
      createCache({
        key: 'muirtl',
        nonce: readCspNonce(),
        prepend: true,
        // Giving plugins replaces Emotion's default prefixer, so it goes first again.
        stylisPlugins: [prefixer, rtlPlugin],
      }),
  );
  return rtlCache;
}
