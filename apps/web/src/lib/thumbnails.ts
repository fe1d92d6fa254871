import { ApiError } from './http.ts';
import { sendRaw } from './raw-request.ts';

/**
 * How long to wait before each new try of a thumbnail that is not made yet (404): the server
 * makes it in a background job a moment after the upload.
 */
export const THUMBNAIL_RETRY_DELAYS_MS = [1_500, 4_000, 10_000];

const thumbnails = new Map<string, Promise<string>>();

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchThumbnail(address: string, delays: readonly number[]): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await sendRaw(address);
      return URL.createObjectURL(await response.blob());
    } catch (error) {
      const notYet = error instanceof ApiError && error.status === 404;
      const delay = delays[attempt];
      if (!notYet || delay === undefined) throw error;
      await wait(delay);
    }
  }
}

/**
 * The thumbnail at `address` (it needs the member's token, so it is fetched) as an object URL,
 * shared by every screen that shows it; tried again a few times while it is still being made.
 * Rejects when there is none (then the screen shows its icon or the file itself).
 */
export function thumbnailObjectUrl(
  address: string,
  delays: readonly number[] = THUMBNAIL_RETRY_DELAYS_MS,
): Promise<string> {
  let found = thumbnails.get(address);
  if (!found) {
    found = fetchThumbnail(address, delays);
    found.catch(() => thumbnails.delete(address));
    thumbnails.set(address, found);
  }
  return found;
}
