/*
 * What the note editor's toolbar does to the text: each command takes the text and the selection
 * and answers the new text and selection, so it can be tested without a browser.
 */

export interface TextEdit {
  value: string;
  start: number;
  end: number;
}

export type NoteCommand = 'bold' | 'italic' | 'bullets' | 'numbered' | 'link';

const MARKS = { bold: '**', italic: '_' } as const;

function wrap(edit: TextEdit, mark: string): TextEdit {
  const { value, start, end } = edit;
  const before = value.slice(0, start);
  const selected = value.slice(start, end);
  const after = value.slice(end);
  // Already wrapped: unwrap.
  if (before.endsWith(mark) && after.startsWith(mark)) {
    return {
      value: before.slice(0, -mark.length) + selected + after.slice(mark.length),
      start: start - mark.length,
      end: end - mark.length,
    };
  }
  return {
    value: `${before}${mark}${selected}${mark}${after}`,
    start: start + mark.length,
    end: end + mark.length,
  };
}

/** The start of the line holding `index`, and the end of the line holding `end`. */
function lineRange(value: string, start: number, end: number) {
  const from = value.lastIndexOf('\n', start - 1) + 1;
  const next = value.indexOf('\n', end);
  return { from, to: next === -1 ? value.length : next };
}

const BULLET_PREFIX = /^- /;
const NUMBER_PREFIX = /^\d+\. /;

function prefixLines(edit: TextEdit, numbered: boolean): TextEdit {
  const { value, start, end } = edit;
  const { from, to } = lineRange(value, start, end);
  const lines = value.slice(from, to).split('\n');
  const prefix = numbered ? NUMBER_PREFIX : BULLET_PREFIX;
  const allPrefixed = lines.every((line) => prefix.test(line));
  const next = allPrefixed
    ? lines.map((line) => line.replace(prefix, ''))
    : lines.map((line, index) => {
        const bare = line.replace(BULLET_PREFIX, '').replace(NUMBER_PREFIX, '');
        return `${numbered ? `${index + 1}. ` : '- '}${bare}`;
      });
  const block = next.join('\n');
  return {
    value: value.slice(0, from) + block + value.slice(to),
    start: from,
    end: from + block.length,
  };
}

function link(edit: TextEdit, placeholder: string): TextEdit {
  const { value, start, end } = edit;
  const selected = value.slice(start, end);
  const looksLikeUrl = /^https?:\/\/\S+$/i.test(selected);
  const text = looksLikeUrl || selected === '' ? placeholder : selected;
  const url = looksLikeUrl ? selected : 'https://';
  const inserted = `[${text}](${url})`;
  // Select what is left to type: the address (or the text, when the address was selected).
  const urlStart = start + text.length + 3;
  return {
    value: value.slice(0, start) + inserted + value.slice(end),
    start: looksLikeUrl ? start + 1 : urlStart,
    end: looksLikeUrl ? start + 1 + text.length : urlStart + url.length,
  };
}

/** `linkText`: the word put in a link when no text is selected ("link", translated). */
export function applyNoteCommand(edit: TextEdit, command: NoteCommand, linkText = 'link') {
  switch (command) {
    case 'bold':
    case 'italic':
      return wrap(edit, MARKS[command]);
    case 'bullets':
      return prefixLines(edit, false);
    case 'numbered':
      return prefixLines(edit, true);
    case 'link':
      return link(edit, linkText);
  }
}
