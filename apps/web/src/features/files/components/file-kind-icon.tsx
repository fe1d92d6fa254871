import Box from '@mui/material/Box';
import type { FileKind } from '@beacon/contract';
import { strokeIcon } from '../../../components/icons.tsx';

// Each kind's glyph and colour, drawn in the stroke style of components/icons.tsx.

const FolderGlyph = strokeIcon(
  <path d="M3.5 7.5A1.5 1.5 0 0 1 5 6h4.2l2 2H19a1.5 1.5 0 0 1 1.5 1.5v8A1.5 1.5 0 0 1 19 19H5a1.5 1.5 0 0 1-1.5-1.5Z" />,
  'FolderGlyph',
);
const DocumentGlyph = strokeIcon(
  <>
    <path d="M7 3.5h7l4 4V19a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 6 19V5a1.5 1.5 0 0 1 1-1.5Z" />
    <path d="M14 3.5V8h4" />
    <path d="M9 12h6M9 15h6M9 18h3" />
  </>,
  'DocumentGlyph',
);
const ImageGlyph = strokeIcon(
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="m4 18 5.5-5.5 4 4 2.5-2.5 4 4" />
  </>,
  'ImageGlyph',
);
const SheetGlyph = strokeIcon(
  <>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <path d="M4 9.5h16M4 14.5h16M10 4v16" />
  </>,
  'SheetGlyph',
);
const MediaGlyph = strokeIcon(
  <>
    <rect x="3.5" y="5" width="17" height="14" rx="2" />
    <path d="m10 9.5 4.5 2.5-4.5 2.5Z" />
  </>,
  'MediaGlyph',
);
const AudioGlyph = strokeIcon(
  <>
    <path d="M9 17.5V6l10-2v11.5" />
    <circle cx="6.5" cy="17.5" r="2.5" />
    <circle cx="16.5" cy="15.5" r="2.5" />
  </>,
  'AudioGlyph',
);
const ArchiveGlyph = strokeIcon(
  <>
    <rect x="4" y="3.5" width="16" height="17" rx="2" />
    <path d="M12 3.5v2m0 2v2m0 2v2" />
    <rect x="10.5" y="13.5" width="3" height="3.5" rx="0.8" />
  </>,
  'ArchiveGlyph',
);

const looks: Record<FileKind, { Glyph: typeof FolderGlyph; color: string }> = {
  folder: { Glyph: FolderGlyph, color: '#FFAB00' },
  image: { Glyph: ImageGlyph, color: '#00A76F' },
  pdf: { Glyph: DocumentGlyph, color: '#FF5630' },
  document: { Glyph: DocumentGlyph, color: '#1877F2' },
  spreadsheet: { Glyph: SheetGlyph, color: '#118D57' },
  presentation: { Glyph: MediaGlyph, color: '#FF6C40' },
  audio: { Glyph: AudioGlyph, color: '#8E33FF' },
  video: { Glyph: MediaGlyph, color: '#7635DC' },
  archive: { Glyph: ArchiveGlyph, color: '#637381' },
  text: { Glyph: DocumentGlyph, color: '#454F5B' },
  other: { Glyph: DocumentGlyph, color: '#919EAB' },
};

/** The colour of a kind (the dashboard's charts use the same). */
export const kindColor = (kind: FileKind) => looks[kind].color;

/** A kind's glyph on a tinted tile. */
export function FileKindIcon({ kind, size = 40 }: { kind: FileKind; size?: number }) {
  const { Glyph, color } = looks[kind];
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1.5,
        display: 'grid',
        placeItems: 'center',
        color,
        bgcolor: `${color}1F`,
      }}
    >
      <Glyph sx={{ fontSize: size * 0.6 }} />
    </Box>
  );
}
