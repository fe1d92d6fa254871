import { strokeIcon } from '../../../components/icons.tsx';

/* The calendar's own icons, in the app's 24 × 24 stroke style. */

export const PlusIcon = strokeIcon(<path d="M12 5v14M5 12h14" />, 'PlusIcon');

export const ChevronStartIcon = strokeIcon(<path d="m15 6-6 6 6 6" />, 'ChevronStartIcon');

export const ChevronEndIcon = strokeIcon(<path d="m9 6 6 6-6 6" />, 'ChevronEndIcon');

export const UploadIcon = strokeIcon(
  <path d="M12 15.5V4.5m0 0L7.5 9M12 4.5 16.5 9M4.5 19.5h15" />,
  'UploadIcon',
);

export const DownloadIcon = strokeIcon(
  <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M4.5 19.5h15" />,
  'DownloadIcon',
);

export const LinkIcon = strokeIcon(
  <>
    <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" />
    <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
  </>,
  'LinkIcon',
);

export const CopyIcon = strokeIcon(
  <>
    <rect x="8.5" y="8.5" width="12" height="12" rx="2" />
    <path d="M15.5 8.5V5.5a2 2 0 0 0-2-2h-8a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h3" />
  </>,
  'CopyIcon',
);

export const TrashIcon = strokeIcon(
  <>
    <path d="M4 7h16M10 11v6M14 11v6" />
    <path d="M5.5 7l1 12a2 2 0 0 0 2 1.8h7a2 2 0 0 0 2-1.8l1-12M9 7V4.5h6V7" />
  </>,
  'TrashIcon',
);

export const MapPinIcon = strokeIcon(
  <>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.3" />
  </>,
  'MapPinIcon',
);
