import { Fragment, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { parseNote, type Inline } from './note-markup.ts';

function renderInline(nodes: Inline[], key = ''): ReactNode[] {
  return nodes.map((node, index) => {
    const k = `${key}${index}`;
    switch (node.type) {
      case 'text':
        return <Fragment key={k}>{node.text}</Fragment>;
      case 'bold':
        return <strong key={k}>{renderInline(node.children, `${k}.`)}</strong>;
      case 'italic':
        return <em key={k}>{renderInline(node.children, `${k}.`)}</em>;
      case 'link':
        return (
          <Link key={k} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {renderInline(node.children, `${k}.`)}
          </Link>
        );
    }
  });
}

/** A note's rich text as React elements (never HTML). */
export function NoteBody({ body }: { body: string }) {
  const blocks = useMemo(() => parseNote(body), [body]);
  return (
    <Box
      dir="auto"
      sx={{
        typography: 'body2',
        overflowWrap: 'anywhere',
        '& p': { m: 0 },
        '& p + *, & ul + *, & ol + *': { mt: 1 },
        '& ul, & ol': { m: 0, pl: 3 },
      }}
    >
      {blocks.map((block, index) => {
        if (block.type === 'paragraph') {
          return (
            <p key={index}>
              {block.lines.map((line, n) => (
                <Fragment key={n}>
                  {n > 0 && <br />}
                  {renderInline(line, `${n}.`)}
                </Fragment>
              ))}
            </p>
          );
        }
        const items = block.items.map((item, n) => <li key={n}>{renderInline(item)}</li>);
        return block.type === 'bullets' ? (
          <ul key={index}>{items}</ul>
        ) : (
          <ol key={index} start={block.start}>
            {items}
          </ol>
        );
      })}
    </Box>
  );
}
