/**
 * Text as the FAQ search compares it: lower case, without accents or other combining marks
 * (so `deploiement` finds `déploiement`, `sao luu` finds `sao lưu`, Arabic without its vowel
 * marks), with `đ` read as `d` and runs of spaces as one.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/đ/g, 'd')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a query; a query without spaces (as in Chinese) is one term. */
export function searchTerms(query: string): string[] {
  return normalizeForSearch(query).split(' ').filter(Boolean);
}

/** True when every term of the query appears somewhere in the texts (an empty query matches). */
export function matchesSearch(texts: string[], terms: string[]): boolean {
  if (terms.length === 0) return true;
  const haystack = normalizeForSearch(texts.join(' '));
  return terms.every((term) => haystack.includes(term));
}
