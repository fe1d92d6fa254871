import Bowser from 'bowser';

export type Device = { browser: string | null; os: string | null; deviceType: string | null };

/** What a session list shows of a User-Agent: browser and version, system, kind of device. */
export function describeDevice(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null, deviceType: null };
  const parsed = Bowser.parse(userAgent);
  const join = (name?: string, version?: string) =>
    name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : null;
  return {
    browser: join(parsed.browser.name, parsed.browser.version),
    os: join(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
    deviceType: parsed.platform.type ?? null,
  };
}
