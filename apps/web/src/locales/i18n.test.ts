import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import {
  createBackend,
  createLanguageDetector,
  detectionOptions,
  i18n,
  i18nOptions,
} from './i18n.ts';
import {
  applyDocumentLanguage,
  directionOf,
  findLanguage,
  toSupportedLanguage,
} from './languages.ts';

async function detect(): Promise<string> {
  const instance = i18next.createInstance();
  await instance.use(createLanguageDetector()).init({
    ...i18nOptions,
    backend: undefined,
    resources: Object.fromEntries(
      ['en', 'fr', 'vi', 'cn', 'ar'].map((lng) => [lng, { common: { loading: lng } }]),
    ),
  });
  return instance.resolvedLanguage ?? instance.language;
}

function setCookie(value: string | null) {
  document.cookie = value === null ? 'i18next=; max-age=0; path=/' : `i18next=${value}; path=/`;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  setCookie(null);
  applyDocumentLanguage('en');
});

describe('language detection', () => {
  it('uses the spec order and keys, caching in local storage', () => {
    expect(detectionOptions.order).toEqual([
      'querystring',
      'cookie',
      'localStorage',
      'sessionStorage',
      'navigator',
      'htmlTag',
    ]);
    expect(detectionOptions.lookupQuerystring).toBe('lng');
    expect(detectionOptions.lookupCookie).toBe('i18next');
    expect(detectionOptions.lookupLocalStorage).toBe('i18nextLng');
    expect(detectionOptions.caches).toEqual(['localStorage']);
    expect(i18nOptions.fallbackLng).toBe('en');
    expect(i18nOptions.supportedLngs).toEqual(['en', 'fr', 'vi', 'cn', 'ar']);
    expect(i18nOptions.backend).toEqual({ loadPath: '/locales/{{lng}}/{{ns}}.json' });
  });

  it('prefers ?lng= over the cookie and local storage', async () => {
    window.history.replaceState(null, '', '/?lng=ar');
    setCookie('fr');
    window.localStorage.setItem('i18nextLng', 'vi');
    expect(await detect()).toBe('ar');
  });

  it('prefers the cookie over local storage', async () => {
    setCookie('fr');
    window.localStorage.setItem('i18nextLng', 'vi');
    expect(await detect()).toBe('fr');
  });

  it('reads local storage, then caches the choice there', async () => {
    window.localStorage.setItem('i18nextLng', 'cn');
    expect(await detect()).toBe('cn');
    expect(window.localStorage.getItem('i18nextLng')).toBe('cn');
  });

  it('falls back to English for an unsupported language', async () => {
    window.history.replaceState(null, '', '/?lng=de');
    expect(await detect()).toBe('en');
  });

  it('reads the browser languages last, mapping Chinese to cn', async () => {
    const languages = vi.spyOn(window.navigator, 'languages', 'get');
    languages.mockReturnValue(['de-DE', 'zh-CN']);
    try {
      expect(await detect()).toBe('cn');
    } finally {
      languages.mockRestore();
    }
  });

  it('ignores values that are not language codes', async () => {
    window.history.replaceState(null, '', '/?lng=../../etc');
    setCookie('fr');
    expect(await detect()).toBe('fr');
  });

  it('maps a Chinese browser language to cn', () => {
    expect(toSupportedLanguage('zh-CN')).toBe('cn');
    expect(toSupportedLanguage('zh')).toBe('cn');
    expect(toSupportedLanguage('fr-FR')).toBe('fr-FR');
  });
});

describe('loading translations', () => {
  afterEach(() => vi.unstubAllGlobals());

  function read(language: string, namespace: string) {
    const backend = createBackend();
    backend.init?.(undefined as never, { loadPath: '/locales/{{lng}}/{{ns}}.json' }, {});
    return new Promise<[unknown, unknown]>((resolve) =>
      backend.read(language, namespace, (error, data) => resolve([error, data])),
    );
  }

  it('reads public/locales/<lng>/<ns>.json', async () => {
    const fetchMock = vi.fn(async () => Response.json({ hello: 'Bonjour' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await read('fr', 'auth')).toEqual([null, { hello: 'Bonjour' }]);
    expect(fetchMock).toHaveBeenCalledWith('/locales/fr/auth.json', expect.anything());
  });

  it('asks i18next to retry after a network failure or a 5xx, not after a 4xx', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect((await read('fr', 'auth'))[1]).toBe(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    expect((await read('fr', 'auth'))[1]).toBe(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 404 })),
    );
    expect((await read('fr', 'auth'))[1]).toBe(false);
  });

  it('refuses a language or namespace that would change the path', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const [error] = await read('../admin', 'auth');
    expect(error).toBeInstanceOf(Error);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('document language and direction', () => {
  it('Arabic is right-to-left, every other language left-to-right', () => {
    expect(directionOf('ar')).toBe('rtl');
    for (const lng of ['en', 'fr', 'vi', 'cn']) expect(directionOf(lng)).toBe('ltr');
    expect(findLanguage('fr-CA').value).toBe('fr');
    expect(findLanguage('xx').value).toBe('en');
  });

  // `<html dir>` follows the display settings (settings-provider.test.tsx, theme-provider.test.tsx).
  it('sets <html lang> when the language changes', () => {
    i18n.emit('languageChanged', 'ar');
    expect(document.documentElement.lang).toBe('ar');
    i18n.emit('languageChanged', 'cn');
    expect(document.documentElement.lang).toBe('zh-Hans');
    i18n.emit('languageChanged', 'fr');
    expect(document.documentElement.lang).toBe('fr');
  });
});
