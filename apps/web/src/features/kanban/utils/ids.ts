/**
 * A random id for a checklist item. `crypto.randomUUID` exists only on secure origins, and a
 * self-hosted server is often reached over plain HTTP; `getRandomValues` works everywhere.
 */
export function newItemId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
