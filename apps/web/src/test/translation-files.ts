/**
 * Every translation file under public/locales, read at build time by Vite's glob import, as
 * `{ [lng]: { [ns]: resource } }`. Used by tests only.
 */
type Resource = Record<string, unknown>;

const files = import.meta.glob<Resource>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const translationFiles: Record<string, Record<string, Resource>> = {};
for (const [path, resource] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  const [, lng, ns] = match;
  (translationFiles[lng] ??= {})[ns] = resource;
}
