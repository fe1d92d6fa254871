import { strokeIcon } from '../../../components/icons.tsx';

export const ColumnsIcon = strokeIcon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16M15 4v16" />
  </>,
  'ColumnsIcon',
);
export const BookmarkIcon = strokeIcon(<path d="M6 3h12v18l-6-4-6 4V3Z" />, 'BookmarkIcon');
export const TagIcon = strokeIcon(
  <>
    <path d="M3 12V3h9l9 9-9 9-9-9Z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </>,
  'TagIcon',
);
