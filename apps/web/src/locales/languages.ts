import type { Localization } from '@mui/material/locale';

/** Loads MUI's own component texts of a language: each is a small chunk of its own. */
export type SystemValueLoader = () => Promise<{ default: Localization }>;

/**
 * The five languages of the product (en, fr, vi, cn, ar): labels are each language's own name,
 * `flag` names the flag drawn beside it, and `systemValue` loads MUI's own component texts
 * (pagination, autocomplete, alerts, ...) in that language; English is MUI's own, so it has none.
 */
export const LANGUAGES = [
  { value: 'en', label: 'English', htmlLang: 'en', dir: 'ltr', flag: 'gb', systemValue: null },
  {
    value: 'fr',
    label: 'Français',
    htmlLang: 'fr',
    dir: 'ltr',
    flag: 'fr',
    systemValue: () => import('./mui/fr.ts'),
  },
  {
    value: 'vi',
    label: 'Tiếng Việt',
    htmlLang: 'vi',
    dir: 'ltr',
    flag: 'vn',
    systemValue: () => import('./mui/vi.ts'),
  },
  // `cn` is the product's code for Simplified Chinese; the document says so in BCP 47.
  {
    value: 'cn',
    label: '简体中文',
    htmlLang: 'zh-Hans',
    dir: 'ltr',
    flag: 'cn',
    systemValue: () => import('./mui/cn.ts'),
  },
  // Arabic (Sudan), as the spec names it.
  {
    value: 'ar',
    label: 'العربية',
    htmlLang: 'ar',
    dir: 'rtl',
    flag: 'sd',
    systemValue: () => import('./mui/ar.ts'),
  },
] as const satisfies readonly {
  value: string;
  label: string;
  htmlLang: string;
  dir: 'ltr' | 'rtl';
  flag: string;
  systemValue: SystemValueLoader | null;
}[];

export type Language = (typeof LANGUAGES)[number];
export type LanguageCode = Language['value'];
export type Direction = Language['dir'];
export type FlagCode = Language['flag'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const SUPPORTED_LANGUAGES: LanguageCode[] = LANGUAGES.map((language) => language.value);

/** Every namespace in public/locales/<lng>/. `common` is loaded at start, the others on demand. */
export const NAMESPACES = [
  'common',
  'auth',
  'dashboard',
  'landing',
  'general',
  'faqs',
  'legal',
  'navbar',
  'settings',
  'admin',
  'calendar',
  'kanban',
  'crm',
  'records',
  'deals',
  'tasks',
  'home',
  'team',
  'chat',
  'panels',
  'account',
  'files',
  'emails',
  'compose',
  'mail',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function findLanguage(code: string | undefined | null): Language {
  const base = (code ?? '').toLowerCase();
  return (
    LANGUAGES.find((language) => language.value === base) ??
    LANGUAGES.find((language) => language.value === base.split('-')[0]) ??
    LANGUAGES[0]
  );
}

/** Arabic reads right to left, every other language left to right. */
export function directionOf(code: string | undefined | null): Direction {
  return findLanguage(code).dir;
}

/**
 * Maps what a browser reports (`zh-CN`, `fr-CA`, `ar-SD`) to one of our codes, so a Chinese
 * browser gets `cn` rather than the fallback.
 */
export function toSupportedLanguage(detected: string): string {
  const lower = detected.toLowerCase();
  if (lower === 'zh' || lower.startsWith('zh-') || lower.startsWith('zh_')) return 'cn';
  return detected;
}

/**
 * Sets `<html lang>` for the language. The document's `dir` belongs to the display settings
 * (the theme provider writes it), since a person may choose a direction of their own.
 */
export function applyDocumentLanguage(code: string | undefined | null): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = findLanguage(code).htmlLang;
}

/** Dates in the format of the interface language (`15 janvier 2026`, `2026年1月15日`, ...). */
export function formatDate(
  value: Date | string | number,
  code: string | undefined | null,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  return new Intl.DateTimeFormat(findLanguage(code).htmlLang, options).format(new Date(value));
}
