import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoteBody } from './note-body.tsx';
import { applyNoteCommand } from './note-editing.ts';
import { noteToPlainText, parseInline, parseNote, safeHref } from './note-markup.ts';

describe('parseNote', () => {
  it('reads paragraphs, bullets and numbered items', () => {
    const blocks = parseNote('First line\nsecond line\n\n- one\n- two\n3. three\n4. four');
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'bullets', 'numbered']);
    expect(blocks[0]).toMatchObject({
      lines: [[{ text: 'First line' }], [{ text: 'second line' }]],
    });
    expect(blocks[2]).toMatchObject({ start: 3 });
  });

  it('reads bold, italic and links, nested', () => {
    expect(parseInline('a **b _c_** [d](https://x.test/p?q=1)')).toEqual([
      { type: 'text', text: 'a ' },
      {
        type: 'bold',
        children: [
          { type: 'text', text: 'b ' },
          { type: 'italic', children: [{ type: 'text', text: 'c' }] },
        ],
      },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'https://x.test/p?q=1', children: [{ type: 'text', text: 'd' }] },
    ]);
  });

  it('leaves snake_case words and unclosed marks alone', () => {
    expect(parseInline('first_name and last_name')).toEqual([
      { type: 'text', text: 'first_name and last_name' },
    ]);
    expect(parseInline('**open')).toEqual([{ type: 'text', text: '**open' }]);
  });

  it('never makes a link of javascript:, data: or relative addresses', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHref('/dashboard')).toBeNull();
    expect(safeHref('mailto:a@b.test')).toBe('mailto:a@b.test');
    expect(parseInline('[x](javascript:alert(1))')).toEqual([
      { type: 'text', text: '[x](javascript:alert(1))' },
    ]);
  });

  it('gives a plain-text preview', () => {
    expect(noteToPlainText('**Call** back\n\n- a\n- [b](https://b.test)')).toBe('Call back a · b');
  });
});

describe('NoteBody', () => {
  it('renders elements, and HTML as text', () => {
    const { container } = render(
      <NoteBody
        body={
          '<img src=x onerror=alert(1)> **bold** _it_\n\n- [site](https://example.com)\n1. <script>alert(1)</script>'
        }
      />,
    );
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('it');
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/');
    expect(link?.getAttribute('rel')).toContain('noopener');
    expect(container.querySelector('ol li')?.textContent).toBe('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('renders no javascript: link whatever the case or spacing', () => {
    const { container } = render(
      <NoteBody
        body={'[a](javascript:alert(1)) [b]( javascript:x) [c](jAvAsCrIpT:x) [d](vbscript:x)'}
      />,
    );
    expect(container.querySelectorAll('a')).toHaveLength(0);
  });
});

describe('applyNoteCommand', () => {
  it('wraps and unwraps the selection in bold and italic', () => {
    const bold = applyNoteCommand({ value: 'say hi', start: 4, end: 6 }, 'bold');
    expect(bold).toEqual({ value: 'say **hi**', start: 6, end: 8 });
    expect(applyNoteCommand(bold, 'bold')).toEqual({ value: 'say hi', start: 4, end: 6 });
    expect(applyNoteCommand({ value: '', start: 0, end: 0 }, 'italic')).toEqual({
      value: '__',
      start: 1,
      end: 1,
    });
  });

  it('turns the selected lines into bullets or numbered items, and back', () => {
    const list = applyNoteCommand({ value: 'intro\na\nb', start: 6, end: 9 }, 'numbered');
    expect(list.value).toBe('intro\n1. a\n2. b');
    expect(applyNoteCommand(list, 'numbered').value).toBe('intro\na\nb');
    expect(applyNoteCommand(list, 'bullets').value).toBe('intro\n- a\n- b');
  });

  it('makes a link of the selection and selects the address to type', () => {
    const edit = applyNoteCommand({ value: 'see docs', start: 4, end: 8 }, 'link');
    expect(edit.value).toBe('see [docs](https://)');
    expect(edit.value.slice(edit.start, edit.end)).toBe('https://');
    const fromUrl = applyNoteCommand(
      { value: 'https://a.test', start: 0, end: 14 },
      'link',
      'lien',
    );
    expect(fromUrl.value).toBe('[lien](https://a.test)');
    expect(fromUrl.value.slice(fromUrl.start, fromUrl.end)).toBe('lien');
  });
});
