import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/fetch.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('adoptTimeZoneOnce', () => {
  it("sets an unset member's time zone to this device's, once per session", async () => {
    const api = stubApi({
      'GET /api/tasks/time-zone': json(200, { timeZone: null, effectiveTimeZone: 'UTC' }),
      'PUT /api/tasks/time-zone': (init) => {
        const { timeZone } = JSON.parse(String(init.body)) as { timeZone: string };
        return json(200, { timeZone, effectiveTimeZone: timeZone });
      },
    });
    const { adoptTimeZoneOnce } = await import('./use-notifications.ts');
    adoptTimeZoneOnce();
    adoptTimeZoneOnce();
    await vi.waitFor(() => expect(api).toHaveBeenCalledTimes(2));
    await settle();
    expect(api).toHaveBeenCalledTimes(2);
    const [url, init] = api.mock.calls[1]!;
    expect(String(url)).toMatch(/\/api\/tasks\/time-zone$/);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ timeZone: browserTimeZone() });
  });

  it('leaves a zone the member chose alone', async () => {
    const api = stubApi({
      'GET /api/tasks/time-zone': json(200, {
        timeZone: 'Asia/Tokyo',
        effectiveTimeZone: 'Asia/Tokyo',
      }),
    });
    const { adoptTimeZoneOnce } = await import('./use-notifications.ts');
    adoptTimeZoneOnce();
    await vi.waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    await settle();
    await settle();
    expect(api).toHaveBeenCalledTimes(1);
  });
});
