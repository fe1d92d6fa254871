import { strokeIcon } from '../../../components/icons.tsx';

// The compose window's own icons, drawn as the app's others (stroke, 24 × 24, nothing fetched).

export const MinimizeIcon = strokeIcon(<path d="M5 18h14" />, 'MinimizeIcon');
export const BoldIcon = strokeIcon(
  <path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />,
  'BoldIcon',
);
export const ItalicIcon = strokeIcon(<path d="M10 5h8M6 19h8M14 5l-4 14" />, 'ItalicIcon');
export const UnderlineIcon = strokeIcon(
  <path d="M7 4v7a5 5 0 0 0 10 0V4M5 20h14" />,
  'UnderlineIcon',
);
export const BulletListIcon = strokeIcon(
  <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />,
  'BulletListIcon',
);
export const NumberListIcon = strokeIcon(
  <path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M4 15.5a1.5 1.5 0 1 1 2.5 1L4 19h3" />,
  'NumberListIcon',
);
export const LinkIcon = strokeIcon(
  <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
  'LinkIcon',
);
export const QuoteIcon = strokeIcon(
  <path d="M7 7H5a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1h3v1a3 3 0 0 1-3 3M17 7h-2a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1h3v1a3 3 0 0 1-3 3" />,
  'QuoteIcon',
);
export const TemplateIcon = strokeIcon(
  <path d="M5 4h14v16H5zM8 8h8M8 12h8M8 16h5" />,
  'TemplateIcon',
);
/** A paragraph written left to right (the arrow points right in either page direction). */
export const TextLtrIcon = strokeIcon(
  <path d="M10 10a3 3 0 0 1 0-6h7M13 4v10M16 4v10M4 19h15M17 17l2 2-2 2" />,
  'TextLtrIcon',
);
/** A paragraph written right to left. */
export const TextRtlIcon = strokeIcon(
  <path d="M11 10a3 3 0 0 1 0-6h7M14 4v10M17 4v10M5 19h15M7 17l-2 2 2 2" />,
  'TextRtlIcon',
);
