import { describe, expect, it } from 'vitest';
import { cachingResolver } from './mail.auth.ts';

// The inbound checks' DNS cache (docs/decisions/062-mail-counts.md).

function counting(answer: (name: string) => Promise<unknown>) {
  const asked: string[] = [];
  const resolver = (name: string, rrtype: string) => {
    asked.push(`${rrtype} ${name}`);
    return answer(name);
  };
  return { asked, resolver };
}

const missing = () =>
  Promise.reject(Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' }));

describe('cachingResolver', () => {
  it('asks a question once while its answer is fresh, and again after', async () => {
    let now = 0;
    const { asked, resolver } = counting(async (name) => [[`v=spf1 ${name}`]]);
    const cached = cachingResolver(resolver, { answerMs: 1000, now: () => now });
    expect(await cached('a.test', 'TXT')).toEqual([['v=spf1 a.test']]);
    expect(await cached('A.test', 'TXT')).toEqual([['v=spf1 a.test']]);
    await cached('a.test', 'MX');
    expect(asked).toEqual(['TXT a.test', 'MX a.test']);
    now = 1001;
    await cached('a.test', 'TXT');
    expect(asked).toHaveLength(3);
  });

  it('shares one question in flight between the messages asking it', async () => {
    let release: (value: unknown) => void = () => {};
    const { asked, resolver } = counting(() => new Promise((resolve) => (release = resolve)));
    const cached = cachingResolver(resolver);
    const both = Promise.all([cached('b.test', 'TXT'), cached('b.test', 'TXT')]);
    release([['x']]);
    expect(await both).toEqual([[['x']], [['x']]]);
    expect(asked).toHaveLength(1);
  });

  it('keeps "no such record" for less time and never keeps other failures', async () => {
    let now = 0;
    let fail: () => Promise<unknown> = missing;
    const { asked, resolver } = counting(() => fail());
    const cached = cachingResolver(resolver, { answerMs: 10_000, missingMs: 100, now: () => now });
    await expect(cached('c.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(cached('c.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(asked).toHaveLength(1);
    now = 101;
    fail = () => Promise.reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' }));
    await expect(cached('c.test', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    await expect(cached('c.test', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    expect(asked).toHaveLength(3);
  });

  it('forgets the oldest answers past its size', async () => {
    const { asked, resolver } = counting(async () => [['x']]);
    const cached = cachingResolver(resolver, { entries: 2 });
    await cached('1.test', 'TXT');
    await cached('2.test', 'TXT');
    await cached('3.test', 'TXT');
    await cached('1.test', 'TXT');
    expect(asked).toEqual(['TXT 1.test', 'TXT 2.test', 'TXT 3.test', 'TXT 1.test']);
  });
});
