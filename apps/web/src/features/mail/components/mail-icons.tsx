import { strokeIcon } from '../../../components/icons.tsx';

// The mail app's own icons, drawn inline like the app's others; the ones other areas show too
// (clock, filter, paper clip, more) are in components/icons.tsx.

export const StarIcon = strokeIcon(
  <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
  'StarIcon',
);
export const ImportantIcon = strokeIcon(
  <path d="M4 6.5h11.5L20 12l-4.5 5.5H4l4-5.5z" />,
  'ImportantIcon',
);
export const ArchiveIcon = strokeIcon(
  <>
    <rect x="3" y="4" width="18" height="4.5" rx="1" />
    <path d="M5 8.5V19a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8.5M10 12.5h4" />
  </>,
  'ArchiveIcon',
);
export const ReplyIcon = strokeIcon(
  <path d="M10 8 5 12.5l5 4.5M5 12.5h9a5 5 0 0 1 5 5V19" />,
  'ReplyIcon',
);
export const ReplyAllIcon = strokeIcon(
  <path d="M11 8 6 12.5l5 4.5M7 8l-5 4.5L7 17M6 12.5h8a5 5 0 0 1 5 5V19" />,
  'ReplyAllIcon',
);
export const ForwardIcon = strokeIcon(
  <path d="m14 8 5 4.5-5 4.5M19 12.5h-9a5 5 0 0 0-5 5V19" />,
  'ForwardIcon',
);
export const LabelIcon = strokeIcon(
  <path d="M3.5 12.2V5a1.5 1.5 0 0 1 1.5-1.5h7.2l8.3 8.3a1.5 1.5 0 0 1 0 2.1l-6.3 6.3a1.5 1.5 0 0 1-2.1 0zM8 8h.01" />,
  'LabelIcon',
);
export const MailOpenIcon = strokeIcon(
  <path d="M3.5 10 12 4l8.5 6v9a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1zM3.5 10l8.5 6 8.5-6" />,
  'MailOpenIcon',
);
export const MailClosedIcon = strokeIcon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
  </>,
  'MailClosedIcon',
);
export const MoveIcon = strokeIcon(
  <path d="M3.5 7V18a1 1 0 0 0 1 1h15a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-8l-2-2.5h-5a1 1 0 0 0-1 1zM10 13.5h6m-2.5-2.5 2.5 2.5-2.5 2.5" />,
  'MoveIcon',
);
export const SpamIcon = strokeIcon(
  <path d="M8.2 3.5h7.6l4.7 4.7v7.6l-4.7 4.7H8.2l-4.7-4.7V8.2zM12 8v5M12 16h.01" />,
  'SpamIcon',
);
export const SentIcon = strokeIcon(
  <path d="M21 3 10.5 13.5M21 3l-6.5 18-4-7.5L3 9.5z" />,
  'SentIcon',
);
export const DraftIcon = strokeIcon(
  <path d="M14 3.5H6.5a1 1 0 0 0-1 1v15a1 1 0 0 0 1 1h11a1 1 0 0 0 1-1V8zM14 3.5V8h4.5M9 13h6M9 16.5h4" />,
  'DraftIcon',
);
export const AllMailIcon = strokeIcon(
  <path d="M6 4.5h14a1 1 0 0 1 1 1V15M3 8.5h14a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm0 .5 7.5 5.5L18 9" />,
  'AllMailIcon',
);
export const ImageIcon = strokeIcon(
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="m20.5 16-4.5-4.5L6 19.5" />
  </>,
  'ImageIcon',
);
export const WarningIcon = strokeIcon(
  <path d="M12 4 2.8 19.5h18.4zM12 10v4.5M12 17h.01" />,
  'WarningIcon',
);
