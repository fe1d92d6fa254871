import { strokeIcon } from '../../../components/icons.tsx';

export const PlusIcon = strokeIcon(<path d="M12 5v14M5 12h14" />, 'PlusIcon');
export const FilterIcon = strokeIcon(<path d="M3 5h18l-7 8v6l-4 2v-8L3 5Z" />, 'FilterIcon');
export const ColumnsIcon = strokeIcon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16M15 4v16" />
  </>,
  'ColumnsIcon',
);
export const UploadIcon = strokeIcon(
  <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />,
  'UploadIcon',
);
export const DownloadIcon = strokeIcon(
  <path d="M12 4v12m0 0-4-4m4 4 4-4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />,
  'DownloadIcon',
);
export const TrashIcon = strokeIcon(
  <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />,
  'TrashIcon',
);
export const BookmarkIcon = strokeIcon(<path d="M6 3h12v18l-6-4-6 4V3Z" />, 'BookmarkIcon');
export const TagIcon = strokeIcon(
  <>
    <path d="M3 12V3h9l9 9-9 9-9-9Z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </>,
  'TagIcon',
);
