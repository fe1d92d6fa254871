import i18next, {
  type BackendModule,
  type ThirdPartyModule,
  type InitOptions,
  type LanguageDetectorModule,
  type i18n as I18n,
} from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  applyDocumentLanguage,
  findLanguage,
  toSupportedLanguage,
} from './languages.ts';

/*
 * Loading and detection are two small modules of our own rather than i18next-http-backend and
 * i18next-browser-languagedetector: every page loads this file first, and those two weighed
 * 4 KiB (gzip) for the few lines below (docs/decisions/017-sign-in-bundle.md).
 */

export type DetectionSource =
  'querystring' | 'cookie' | 'localStorage' | 'sessionStorage' | 'navigator' | 'htmlTag';

export interface DetectionOptions {
  order: DetectionSource[];
  lookupQuerystring: string;
  lookupCookie: string;
  lookupLocalStorage: string;
  lookupSessionStorage: string;
  /** Where the detected language is kept for the next visit. */
  caches: ('localStorage' | 'cookie')[];
  convertDetectedLanguage: (language: string) => string;
}

export interface BackendOptions {
  /** `{{lng}}` and `{{ns}}` are replaced by the language and the namespace. */
  loadPath: string;
}

/**
 * Where the language is looked for, in this order, and the names it is kept under: `?lng=`, the
 * `i18next` cookie, `i18nextLng` in local then session storage, the browser, `<html lang>`.
 */
export const detectionOptions: DetectionOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage'],
  convertDetectedLanguage: toSupportedLanguage,
};

export const i18nOptions: InitOptions<BackendOptions> & { detection?: DetectionOptions } = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: SUPPORTED_LANGUAGES,
  load: 'languageOnly',
  ns: ['common'],
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
  detection: detectionOptions,
  react: { useSuspense: true },
  // Detect the language during `init` rather than a tick later, so that namespaces asked for
  // right after it (the first page's, by the router) load in that language at once.
  initAsync: false,
};

/** A language code as a storage key or query value may hold it (nothing that builds a path). */
const SAFE_CODE = /^[A-Za-z0-9_-]{1,35}$/;

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function readStorage(storage: () => Storage, key: string): string | undefined {
  try {
    return storage().getItem(key) ?? undefined;
  } catch {
    // Storage can be switched off (private modes, policies): it simply has nothing.
    return undefined;
  }
}

/** Every candidate of one source, most preferred first. */
function lookup(source: DetectionSource, options: DetectionOptions): string[] {
  switch (source) {
    case 'querystring': {
      const value = new URLSearchParams(window.location.search).get(options.lookupQuerystring);
      return value ? [value] : [];
    }
    case 'cookie': {
      const value = readCookie(options.lookupCookie);
      return value ? [value] : [];
    }
    case 'localStorage': {
      const value = readStorage(() => window.localStorage, options.lookupLocalStorage);
      return value ? [value] : [];
    }
    case 'sessionStorage': {
      const value = readStorage(() => window.sessionStorage, options.lookupSessionStorage);
      return value ? [value] : [];
    }
    case 'navigator':
      return [...(navigator.languages ?? []), navigator.language].filter(Boolean);
    case 'htmlTag': {
      const value = document.documentElement.getAttribute('lang');
      return value ? [value] : [];
    }
  }
}

/**
 * Finds the language from the sources of `detection`, in order. i18next takes the first candidate
 * it supports (`fr-CA` gives `fr`), so every candidate is handed over.
 */
export function createLanguageDetector(): LanguageDetectorModule {
  let options = detectionOptions;
  return {
    type: 'languageDetector',
    init(_services, detectorOptions?: Partial<DetectionOptions>) {
      options = { ...detectionOptions, ...detectorOptions };
    },
    detect() {
      if (typeof window === 'undefined') return undefined;
      return options.order
        .flatMap((source) => lookup(source, options))
        .filter((code) => SAFE_CODE.test(code))
        .map((code) => options.convertDetectedLanguage(code));
    },
    cacheUserLanguage(language: string) {
      if (!SAFE_CODE.test(language) || language === 'cimode') return;
      for (const cache of options.caches) {
        try {
          if (cache === 'localStorage')
            window.localStorage.setItem(options.lookupLocalStorage, language);
          else document.cookie = `${options.lookupCookie}=${encodeURIComponent(language)}; path=/`;
        } catch {
          // Nowhere to keep it: the next visit detects it again.
        }
      }
    },
  };
}

/**
 * Reads `public/locales/<lng>/<ns>.json`. A failure with no answer or a 5xx is worth another try
 * (i18next retries a few times); a 4xx is not.
 */
export function createBackend(): BackendModule<BackendOptions> {
  let loadPath = '/locales/{{lng}}/{{ns}}.json';
  return {
    type: 'backend',
    init(_services, backendOptions) {
      if (backendOptions?.loadPath) loadPath = backendOptions.loadPath;
    },
    read(language, namespace, callback) {
      if (!SAFE_CODE.test(language) || !SAFE_CODE.test(namespace)) {
        callback(new Error(`Refused to load translations for ${language}/${namespace}`), false);
        return;
      }
      const url = loadPath.replace('{{lng}}', language).replace('{{ns}}', namespace);
      fetch(url, { headers: { Accept: 'application/json' } }).then(
        async (response) => {
          if (!response.ok) {
            callback(`failed loading ${url}: ${response.status}`, response.status >= 500);
            return;
          }
          try {
            callback(null, (await response.json()) as Record<string, unknown>);
          } catch {
            callback(`failed parsing ${url}`, false);
          }
        },
        () => callback(`failed loading ${url}`, true),
      );
    },
  };
}

/** The BCP 47 tag `Intl` knows a language by: `cn` is Simplified Chinese (`zh-Hans`). */
export function intlLocale(code: string | undefined): string {
  if (!code || !(SUPPORTED_LANGUAGES as readonly string[]).includes(code)) {
    return code ?? DEFAULT_LANGUAGE;
  }
  return findLanguage(code).htmlLang;
}

/**
 * Plurals and numbers by the language's real rules. i18next asks `Intl.PluralRules` and
 * `Intl.NumberFormat` with the product's language code, and `cn` is no BCP 47 language: `Intl`
 * would take the browser's default (English, with `_one`). This plugin hands them `zh-Hans`.
 * Strings write a count as `{{count, number}}` (grouped as the language groups: 3 006 in French)
 * and have the plural forms of their language (`_one`/`_other` in English, `_one`/`_many`/`_other`
 * in French, `_other` in Vietnamese and Chinese, six forms in Arabic).
 */
export const localeRules: ThirdPartyModule = {
  type: '3rdParty',
  init(instance: I18n) {
    const { pluralResolver, formatter } = instance.services;
    const resolver = pluralResolver as {
      getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
    };
    const getRule = resolver.getRule.bind(resolver);
    resolver.getRule = (code, options) => getRule(intlLocale(code), options);
    formatter?.add('number', (value: number, lng: string | undefined, options: object) =>
      new Intl.NumberFormat(intlLocale(lng), options).format(value),
    );
  },
};

export const i18n: I18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => applyDocumentLanguage(lng));

/** Starts loading translations; the app suspends until the first namespace is there. */
export function initI18n(): Promise<unknown> {
  if (i18n.isInitialized || i18n.isInitializing) return Promise.resolve();
  return i18n
    .use(createBackend())
    .use(createLanguageDetector())
    .use(localeRules)
    .use(initReactI18next)
    .init(i18nOptions);
}
