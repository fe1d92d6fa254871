import { describe, expect, it } from 'vitest';
import {
  htmlToText,
  remoteImageAddresses,
  sanitizeComposedHtml,
  sanitizeMailHtml,
} from './mail.html.ts';

describe('sanitizeMailHtml (a received message)', () => {
  it('drops scripts, event handlers, frames and forms, and keeps the text and layout', () => {
    const { html } = sanitizeMailHtml(
      '<div dir="rtl" onclick="steal()"><script>alert(1)</script><p style="color:red">Hello</p>' +
        '<iframe src="https://x.test"></iframe><form action="https://x.test"><input></form>' +
        '<table width="100%"><tr><td bgcolor="#eee">cell</td></tr></table></div>',
    );
    expect(html).not.toMatch(/script|onclick|iframe|<form|<input/i);
    expect(html).toContain('<div dir="rtl">');
    expect(html).toContain('<p style="color:red">Hello</p>');
    expect(html).toContain('<td bgcolor="#eee">cell</td>');
  });

  it('keeps a <style> element (mail layouts need it) but not remote addresses in styles', () => {
    const { html, hasRemoteImages } = sanitizeMailHtml(
      '<style>@import url(https://track.test/a.css); p { background: url("https://track.test/p.png") }</style><p>x</p>',
    );
    expect(html).toContain('<style>');
    expect(html).not.toContain('track.test');
    expect(hasRemoteImages).toBe(true);
  });

  it('holds remote images back in data-remote-src, and opens links outside', () => {
    const { html, hasRemoteImages } = sanitizeMailHtml(
      '<img src="https://cdn.test/logo.png?a=1&amp;b=2" alt="logo"><a href="https://beacon.test">go</a>' +
        '<a href="javascript:alert(1)">bad</a>',
    );
    expect(hasRemoteImages).toBe(true);
    expect(html).not.toMatch(/\ssrc="https/);
    expect(remoteImageAddresses(html)).toEqual(['https://cdn.test/logo.png?a=1&b=2']);
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).not.toContain('javascript:');
  });

  it('points cid: images at their attachment, and drops those it cannot place', () => {
    const { html } = sanitizeMailHtml('<img src="cid:<part1@x>"><img src="cid:missing@x">', {
      cidUrl: (id) => (id === 'part1@x' ? '/api/mail/attachments/1' : undefined),
    });
    expect(html).toContain('src="/api/mail/attachments/1"');
    expect(html).toContain('data-cid="part1@x"');
    expect(html).not.toContain('missing@x');
  });
});

describe('sanitizeComposedHtml (what a member wrote)', () => {
  it('keeps the editor’s markup and each block’s direction', () => {
    const html = sanitizeComposedHtml(
      '<p dir="rtl">مرحبا</p><p dir="ltr"><strong>Hi</strong> <a href="https://beacon.test">link</a></p>',
    );
    expect(html).toBe(
      '<p dir="rtl">مرحبا</p><p dir="ltr"><strong>Hi</strong> <a href="https://beacon.test">link</a></p>',
    );
  });

  it('drops a pasted <style> element with its text, and scripts and handlers', () => {
    const html = sanitizeComposedHtml(
      '<style>p { color: red }</style><p onmouseover="x()">Hi</p><script>alert(1)</script>',
    );
    expect(html).toBe('<p>Hi</p>');
  });
});

describe('htmlToText', () => {
  it('turns blocks into lines and decodes entities', () => {
    expect(htmlToText('<p>One &amp; two</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'One & two\n• a\n• b',
    );
  });
});

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
