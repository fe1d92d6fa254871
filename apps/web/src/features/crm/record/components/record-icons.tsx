import { strokeIcon } from '../../../../components/icons.tsx';

/* The record pages' own icons, in the app's 24 × 24 stroke style. */

export const BoldIcon = strokeIcon(
  <path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />,
  'BoldIcon',
);

export const ItalicIcon = strokeIcon(<path d="M10 5h8M6 19h8M15 5 9 19" />, 'ItalicIcon');

export const BulletsIcon = strokeIcon(
  <>
    <path d="M10 6h10M10 12h10M10 18h10" />
    <circle cx="5" cy="6" r="1" />
    <circle cx="5" cy="12" r="1" />
    <circle cx="5" cy="18" r="1" />
  </>,
  'BulletsIcon',
);

export const NumberedIcon = strokeIcon(
  <path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M4 14.5a1.5 1.5 0 0 1 3 .5L4 19h3" />,
  'NumberedIcon',
);

export const LinkIcon = strokeIcon(
  <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
  'LinkIcon',
);

export const NoteIcon = strokeIcon(
  <path d="M6 3.5h8l4 4V20a.5.5 0 0 1-.5.5h-11A.5.5 0 0 1 6 20V4a.5.5 0 0 1 .5-.5ZM14 3.5V8h4M9 12h6M9 16h4" />,
  'NoteIcon',
);

export const SparkIcon = strokeIcon(
  <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />,
  'SparkIcon',
);

export const PenIcon = strokeIcon(<path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" />, 'PenIcon');

export const MergeIcon = strokeIcon(
  <path d="M7 4v4a5 5 0 0 0 5 5h0a5 5 0 0 1 5 5v2M17 4v4a5 5 0 0 1-3 4.6M4 7l3-3 3 3" />,
  'MergeIcon',
);

export const UploadIcon = strokeIcon(
  <path d="M12 20V9m0 0-4.5 4.5M12 9l4.5 4.5M5 4.5h14" />,
  'UploadIcon',
);

export const ListAddIcon = strokeIcon(
  <path d="M4 6h10M4 12h10M4 18h6M18 14v6M15 17h6" />,
  'ListAddIcon',
);

export const ListRemoveIcon = strokeIcon(
  <path d="M4 6h10M4 12h10M4 18h6M15 17h6" />,
  'ListRemoveIcon',
);

export const MailIcon = strokeIcon(<path d="M4 6.5h16v11H4zM4 7l8 6 8-6" />, 'MailIcon');

export const MailBounceIcon = strokeIcon(
  <path d="M4 6.5h16v6M4 6.5v11h9M4 7l8 6 8-6M16 16l4 4M20 16l-4 4" />,
  'MailBounceIcon',
);
