import Link from '@mui/material/Link';
import Box from '@mui/material/Box';
import { messageParts } from '../utils/message-parts.ts';

/**
 * A message's body: drawn as text nodes (React escapes them), with safe links that open apart
 * from the app (`rel="noopener noreferrer"`) and mentions highlighted.
 */
export function MessageText({
  body,
  mentions,
}: {
  body: string;
  mentions: { id: string; name: string }[];
}) {
  return (
    <Box
      component="span"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', unicodeBidi: 'plaintext' }}
    >
      {messageParts(body, mentions).map((part, i) => {
        if (part.kind === 'link') {
          return (
            <Link
              key={i}
              href={part.href}
              target="_blank"
              rel="noopener noreferrer"
              color="inherit"
              underline="always"
            >
              {part.text}
            </Link>
          );
        }
        if (part.kind === 'mention') {
          return (
            <Box key={i} component="span" sx={{ fontWeight: 700 }} data-mention={part.userId}>
              {part.text}
            </Box>
          );
        }
        return <span key={i}>{part.text}</span>;
      })}
    </Box>
  );
}
