import { describe, expect, it } from 'vitest';
import { messageParts, safeHref } from './message-parts.ts';

describe('message parts', () => {
  it('keeps markup as text', () => {
    expect(messageParts('<b>hi</b> & <script>x</script>')).toEqual([
      { kind: 'text', text: '<b>hi</b> & <script>x</script>' },
    ]);
  });

  it('links web and mail addresses, never script or data ones', () => {
    const parts = messageParts(
      'see https://example.com/a?b=1 or mail ann@example.com, not javascript:alert(1) or data:text/html,x',
    );
    expect(parts.filter((p) => p.kind === 'link')).toEqual([
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'link', text: 'ann@example.com', href: 'mailto:ann@example.com' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(
      'see https://example.com/a?b=1 or mail ann@example.com, not javascript:alert(1) or data:text/html,x',
    );
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
  });

  it('marks mentions of the named members, the longest name first', () => {
    const parts = messageParts('Hi @Ann Lee and @Ann, see example.org', [
      { id: 'a', name: 'Ann' },
      { id: 'al', name: 'Ann Lee' },
    ]);
    expect(parts).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@Ann Lee', userId: 'al' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', text: '@Ann', userId: 'a' },
      { kind: 'text', text: ', see ' },
      { kind: 'link', text: 'example.org', href: 'http://example.org/' },
    ]);
  });
});
