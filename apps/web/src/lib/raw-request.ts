/**
 * Calls whose body or answer is not JSON (a file upload, a CSV, vCard or iCalendar download), which
 * the JSON client of `http.ts` does not carry. Same base URL, bearer header, body reading and error
 * type as that client.
 */
import { ApiError, apiBaseUrl, applyCommonHeaders, readBody } from './http.ts';

export interface RawRequestInit {
  method?: string;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Added to the path; empty, null and undefined values are left out. */
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
}

/** Sends a request and returns the successful response as it is; a failure rejects with `ApiError`. */
export async function sendRaw(path: string, init: RawRequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  applyCommonHeaders(headers, init.method ?? 'GET');
  let url = `${apiBaseUrl()}${path}`;
  if (init.query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(init.query)) {
      if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
    }
    const search = params.toString();
    if (search) url += `?${search}`;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      headers,
      signal: init.signal,
    });
  } catch (error) {
    if (typeof error === 'object' && error !== null && (error as Error).name === 'AbortError') {
      throw error;
    }
    throw new ApiError(0, undefined, { cause: error });
  }
  if (!response.ok) throw new ApiError(response.status, await readBody(response));
  return response;
}

/** Validates a raw JSON answer against a contract schema, failing like the HTTP client does. */
export function parseOrFail<T>(
  schema: { parse(data: unknown): T },
  status: number,
  data: unknown,
): T {
  try {
    return schema.parse(data);
  } catch (error) {
    throw new ApiError(status, undefined, { cause: error });
  }
}

/** The file name a download announces in `Content-Disposition`, or `fallback`. */
export function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}
