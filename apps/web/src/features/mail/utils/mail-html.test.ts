import { describe, expect, it } from 'vitest';
import { frameCsp, frameDocument, inlineImageIds, remoteImageUrls } from './mail-html.ts';

const ATT = '00000000-0000-4000-8000-0000000000f1';

describe('frameDocument', () => {
  const html =
    '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a> <a href="https://ok.test">ok</a></p>' +
    '<script>alert(1)</script><iframe src="https://evil.test"></iframe>' +
    `<img data-remote-src="https://tracker.test/p.png" alt="p"><img src="/api/mail/attachments/${ATT}" data-cid="logo">`;

  it('blocks scripts and remote images by policy and by markup', () => {
    const { doc } = frameDocument(html, { showRemoteImages: false });
    expect(doc).toContain(`content="${frameCsp()}"`);
    expect(frameCsp()).toContain("script-src 'none'");
    expect(frameCsp()).toMatch(/img-src data:$/);
    expect(doc).not.toContain('<script');
    expect(doc).not.toContain('<iframe');
    expect(doc).not.toContain('onclick');
    expect(doc).not.toContain('javascript:');
    expect(doc).not.toMatch(/\ssrc="https:/);
    expect(doc).toContain('target="_blank"');
    expect(doc).toContain('rel="noopener noreferrer nofollow"');
    // An inline image not fetched yet has no address the frame could not load.
    expect(doc).not.toContain(`/api/mail/attachments/${ATT}`);
  });

  it('gives remote images their address back once allowed, and inline images their data', () => {
    const { doc } = frameDocument(html, {
      showRemoteImages: true,
      remoteImages: { 'https://tracker.test/p.png': 'data:image/png;base64,BBBB' },
      inlineImages: { [ATT]: 'data:image/png;base64,AAAA' },
    });
    expect(doc).toContain('src="data:image/png;base64,BBBB"');
    expect(doc).toContain('src="data:image/png;base64,AAAA"');
    expect(doc).not.toMatch(/\ssrc="https:/);
  });

  it('finds the inline and the remote images a mail shows', () => {
    expect(inlineImageIds(html)).toEqual([ATT]);
    expect(remoteImageUrls(html)).toEqual(['https://tracker.test/p.png']);
  });

  it('takes styles out of the markup for the page to apply (the app’s policy blocks inline ones)', () => {
    const { doc, css } = frameDocument(
      '<style>.x &gt; b{color:red}</style><p class="x" style="font-weight:bold">Hi style="no"</p>',
      { showRemoteImages: false },
    );
    expect(doc).not.toContain('<style');
    expect(doc).not.toMatch(/<[^>]*\sstyle=/);
    expect(doc).toContain('data-mail-style="font-weight:bold"');
    expect(css).toContain('.x > b{color:red}');
    // Text is text: only tags are rewritten.
    expect(doc).toContain('Hi style="no"');
  });
});
