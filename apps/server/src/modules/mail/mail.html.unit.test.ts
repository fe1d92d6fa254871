import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeComposedHtml, sanitizeMailHtml } from './mail.html.ts';

// The composed HTML's writing direction per block (docs/decisions/064-mail-gaps.md): the editor
// writes `dir` on each paragraph, list and quote; it must reach the recipient and the stored copy.

describe('a composed message’s direction per block', () => {
  const composed =
    '<p dir="rtl">مرحبا يا غريس</p><p dir="auto">On Friday, Grace wrote:</p>' +
    '<blockquote dir="ltr"><p dir="ltr">Can we talk about compilers?</p></blockquote>' +
    '<ul dir="rtl"><li dir="rtl"><p dir="rtl">بند</p></li></ul>';

  it('keeps ltr, rtl and auto on every block as the editor wrote them', () => {
    expect(sanitizeComposedHtml(composed)).toBe(composed);
  });

  it('drops a dir that is none of the three, and still drops what is not safe', () => {
    const clean = sanitizeComposedHtml(
      '<p dir="sideways" onclick="x()">Hi</p><p dir="RTL">B</p><script>alert(1)</script>',
    );
    expect(clean).toBe('<p>Hi</p><p>B</p>');
  });

  it('keeps the direction in the copy stored and shown in the mail app', () => {
    const { html } = sanitizeMailHtml(sanitizeComposedHtml(composed));
    expect(html).toContain('<p dir="rtl">مرحبا يا غريس</p>');
    expect(html).toContain('<blockquote dir="ltr">');
    expect(html).toContain('<ul dir="rtl">');
    // The text part reads the same words.
    expect(htmlToText(html)).toContain('مرحبا يا غريس');
  });
});
