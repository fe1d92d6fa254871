import { strokeIcon } from './icons.tsx';

/*
 * The icons of the dashboard shell (navigation, header, settings), drawn inline in the same
 * 24 × 24 stroke style as icons.tsx, so that nothing is fetched from another host.
 */

export const HomeIcon = strokeIcon(
  <>
    <path d="M4 10.5 12 4l8 6.5V19a1.5 1.5 0 0 1-1.5 1.5H15v-5.5H9v5.5H5.5A1.5 1.5 0 0 1 4 19Z" />
  </>,
  'HomeIcon',
);

export const BellIcon = strokeIcon(
  <>
    <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15Z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </>,
  'BellIcon',
);

export const SettingsIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
  </>,
  'SettingsIcon',
);

export const SunIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M4.6 4.6 6 6M18 18l1.4 1.4M2.5 12h2M19.5 12h2M4.6 19.4 6 18M18 6l1.4-1.4" />
  </>,
  'SunIcon',
);

export const MoonIcon = strokeIcon(
  <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5Z" />,
  'MoonIcon',
);

export const ContrastIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 3.5v17a8.5 8.5 0 0 0 0-17Z" fill="currentColor" />
  </>,
  'ContrastIcon',
);

export const TextLtrIcon = strokeIcon(
  <>
    <path d="M4 6h16M4 10.5h10M4 15h16M4 19.5h10" />
  </>,
  'TextLtrIcon',
);

export const TextRtlIcon = strokeIcon(
  <>
    <path d="M4 6h16M10 10.5h10M4 15h16M10 19.5h10" />
  </>,
  'TextRtlIcon',
);

export const StretchIcon = strokeIcon(
  <>
    <path d="M3 12h18" />
    <path d="m7 8-4 4 4 4" />
    <path d="m17 8 4 4-4 4" />
  </>,
  'StretchIcon',
);

export const FullscreenIcon = strokeIcon(
  <path d="M4 9V5.5A1.5 1.5 0 0 1 5.5 4H9M15 4h3.5A1.5 1.5 0 0 1 20 5.5V9M20 15v3.5a1.5 1.5 0 0 1-1.5 1.5H15M9 20H5.5A1.5 1.5 0 0 1 4 18.5V15" />,
  'FullscreenIcon',
);

export const ExitFullscreenIcon = strokeIcon(
  <path d="M9 4v3.5A1.5 1.5 0 0 1 7.5 9H4M20 9h-3.5A1.5 1.5 0 0 1 15 7.5V4M15 20v-3.5a1.5 1.5 0 0 1 1.5-1.5H20M4 15h3.5A1.5 1.5 0 0 1 9 16.5V20" />,
  'ExitFullscreenIcon',
);

export const ResetIcon = strokeIcon(
  <>
    <path d="M4 12a8 8 0 1 0 2.3-5.6L4 8.7" />
    <path d="M4 4v4.7h4.7" />
  </>,
  'ResetIcon',
);

export const ChevronRightIcon = strokeIcon(<path d="m9 6 6 6-6 6" />, 'ChevronRightIcon');

export const ChevronLeftIcon = strokeIcon(<path d="m15 6-6 6 6 6" />, 'ChevronLeftIcon');

export const ExternalLinkIcon = strokeIcon(
  <>
    <path d="M14 4h6v6" />
    <path d="M20 4 11 13" />
    <path d="M18 14v4.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 4 18.5v-11A1.5 1.5 0 0 1 5.5 6H10" />
  </>,
  'ExternalLinkIcon',
);

export const InfoIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5" />
    <path d="M12 7.5h.01" />
  </>,
  'InfoIcon',
);

export const AppsIcon = strokeIcon(
  <>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </>,
  'AppsIcon',
);

export const KanbanIcon = strokeIcon(
  <>
    <rect x="3.5" y="4" width="17" height="16" rx="2" />
    <path d="M9.2 4v16M14.8 4v16" />
  </>,
  'KanbanIcon',
);

export const ChatIcon = strokeIcon(
  <path d="M20 12a7.5 7.5 0 0 1-11 6.6L4 20l1.4-4.6A7.5 7.5 0 1 1 20 12Z" />,
  'ChatIcon',
);

export const FolderIcon = strokeIcon(
  <path d="M3.5 7.5A1.5 1.5 0 0 1 5 6h4.2l2 2H19a1.5 1.5 0 0 1 1.5 1.5v8A1.5 1.5 0 0 1 19 19H5a1.5 1.5 0 0 1-1.5-1.5Z" />,
  'FolderIcon',
);

export const UserIcon = strokeIcon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
  </>,
  'UserIcon',
);

export const CartIcon = strokeIcon(
  <>
    <path d="M3 4h2.2l2.2 11h10.4l2-8H6.4" />
    <circle cx="9" cy="19.5" r="1.3" />
    <circle cx="17" cy="19.5" r="1.3" />
  </>,
  'CartIcon',
);

export const InvoiceIcon = strokeIcon(
  <>
    <path d="M6 3.5h12v17l-3-2-3 2-3-2-3 2Z" />
    <path d="M9 8h6M9 12h6" />
  </>,
  'InvoiceIcon',
);

export const BlogIcon = strokeIcon(
  <>
    <path d="M4.5 5.5A1.5 1.5 0 0 1 6 4h12a1.5 1.5 0 0 1 1.5 1.5v13A1.5 1.5 0 0 1 18 20H6a1.5 1.5 0 0 1-1.5-1.5Z" />
    <path d="M8 8.5h8M8 12h8M8 15.5h5" />
  </>,
  'BlogIcon',
);

export const BankIcon = strokeIcon(
  <>
    <path d="m3.5 9 8.5-5 8.5 5Z" />
    <path d="M5.5 9v8M10 9v8M14 9v8M18.5 9v8" />
    <path d="M3.5 20h17" />
  </>,
  'BankIcon',
);

export const TicketIcon = strokeIcon(
  <>
    <path d="M3.5 7.5A1.5 1.5 0 0 1 5 6h14a1.5 1.5 0 0 1 1.5 1.5V10a2 2 0 0 0 0 4v2.5A1.5 1.5 0 0 1 19 18H5a1.5 1.5 0 0 1-1.5-1.5V14a2 2 0 0 0 0-4Z" />
    <path d="M14 6v12" strokeDasharray="2 2" />
  </>,
  'TicketIcon',
);

export const FileIcon = strokeIcon(
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z" />
    <path d="M14 3v5h5" />
  </>,
  'FileIcon',
);

export const WorkflowIcon = strokeIcon(
  <>
    <rect x="3.5" y="3.5" width="6" height="6" rx="1.5" />
    <rect x="14.5" y="14.5" width="6" height="6" rx="1.5" />
    <path d="M6.5 9.5v4a2 2 0 0 0 2 2h6" />
  </>,
  'WorkflowIcon',
);

export const TasksIcon = strokeIcon(
  <>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <path d="m8.5 12 2.5 2.5 4.5-5" />
  </>,
  'TasksIcon',
);

export const PhoneIcon = strokeIcon(
  <path d="M5 4h3.5l1.5 4-2 1.5a11 11 0 0 0 6.5 6.5l1.5-2 4 1.5V19a1.5 1.5 0 0 1-1.5 1.5A15.5 15.5 0 0 1 3.5 5.5 1.5 1.5 0 0 1 5 4Z" />,
  'PhoneIcon',
);

export const VideoIcon = strokeIcon(
  <>
    <rect x="3" y="6.5" width="12.5" height="11" rx="2" />
    <path d="m15.5 10.5 5.5-3v9l-5.5-3" />
  </>,
  'VideoIcon',
);

export const DealIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M14.5 9.2a2.6 2.6 0 0 0-2.5-1.4c-1.5 0-2.6.8-2.6 2s1.1 1.6 2.6 2c1.5.3 2.6.9 2.6 2.1s-1.2 2-2.6 2a2.8 2.8 0 0 1-2.6-1.5" />
    <path d="M12 6.2v1.6M12 16.2v1.6" />
  </>,
  'DealIcon',
);

export const BuildingIcon = strokeIcon(
  <>
    <path d="M5 20.5V5a1.5 1.5 0 0 1 1.5-1.5h7A1.5 1.5 0 0 1 15 5v15.5" />
    <path d="M15 9.5h3a1.5 1.5 0 0 1 1.5 1.5v9.5" />
    <path d="M3.5 20.5h17M8.5 7.5h3M8.5 11h3M8.5 14.5h3" />
  </>,
  'BuildingIcon',
);

export const ListIcon = strokeIcon(
  <>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <path d="M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
  </>,
  'ListIcon',
);

export const SparklesIcon = strokeIcon(
  <>
    <path d="M10 3.5 11.6 8l4.4 1.6-4.4 1.6L10 15.5l-1.6-4.3L4 9.6 8.4 8Z" />
    <path d="M17.5 13.5l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8Z" />
  </>,
  'SparklesIcon',
);

export const CodeIcon = strokeIcon(
  <>
    <path d="m8.5 7-5 5 5 5" />
    <path d="m15.5 7 5 5-5 5" />
    <path d="m13.5 4.5-3 15" />
  </>,
  'CodeIcon',
);

export const ContactsIcon = strokeIcon(
  <>
    <rect x="4.5" y="3.5" width="15" height="17" rx="2" />
    <circle cx="12" cy="10" r="2.8" />
    <path d="M7.8 17a4.4 4.4 0 0 1 8.4 0" />
    <path d="M3 8h3M3 12h3M3 16h3" />
  </>,
  'ContactsIcon',
);

export const InboxIcon = strokeIcon(
  <>
    <path d="M3.5 13.5 6 5.5A1.5 1.5 0 0 1 7.4 4.5h9.2A1.5 1.5 0 0 1 18 5.5l2.5 8" />
    <path d="M3.5 13.5V18A1.5 1.5 0 0 0 5 19.5h14a1.5 1.5 0 0 0 1.5-1.5v-4.5h-5a3.5 3.5 0 0 1-7 0Z" />
  </>,
  'InboxIcon',
);

export const PaletteIcon = strokeIcon(
  <>
    <path d="M12 3.5a8.5 8.5 0 0 0 0 17c1.2 0 1.8-.8 1.8-1.7 0-1.1-.9-1.4-.9-2.4 0-.9.7-1.5 1.6-1.5H17a3.5 3.5 0 0 0 3.5-3.5c0-4.4-3.8-7.9-8.5-7.9Z" />
    <path d="M7.5 11.5h.01M9.5 7.5h.01M14.5 7.5h.01" />
  </>,
  'PaletteIcon',
);

export const LayoutIcon = strokeIcon(
  <>
    <rect x="3.5" y="4" width="17" height="16" rx="2" />
    <path d="M9 4v16M9 9.5h11.5" />
  </>,
  'LayoutIcon',
);

export const LockKeyIcon = strokeIcon(
  <>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    <path d="M12 14.5v2" />
  </>,
  'LockKeyIcon',
);
