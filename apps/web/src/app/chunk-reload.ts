/*
 * After an upgrade, a tab opened before it asks for the old build's chunks, which are gone: the
 * dynamic import fails ("Failed to fetch dynamically imported module" in Chromium, "Importing a
 * module script failed" in Safari, "error loading dynamically imported module" in Firefox). One
 * reload fetches the new `index.html` and its chunks. A mark in session storage keeps it to one
 * reload a minute, so a chunk that is really missing cannot reload the page in a loop; then the
 * error page shows, with its reload button.
 */

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** The session storage key holding when the page last reloaded for a missing chunk. */
export const CHUNK_RELOAD_KEY = 'beacon.chunkReloadAt';

/** A reload within this time of the last one is not tried again. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** Whether `error` is a failed dynamic import (a chunk that could not be loaded). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && CHUNK_ERROR.test(message);
}

/** The page's reload, as an object so that tests can watch it. */
export const page = {
  reload: () => window.location.reload(),
};

/**
 * Reloads the page for a missing chunk unless it was already done in the last minute; answers
 * whether it reloads. Without session storage (switched off) it does not reload: no guard, no loop.
 */
export function reloadOnceForChunkError(now = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY));
    if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  page.reload();
  return true;
}
