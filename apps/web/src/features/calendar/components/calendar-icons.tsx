import { strokeIcon } from '../../../components/icons.tsx';

// The generic actions and chevrons are drawn once, in components/ (start and end are the left
// and right chevrons of a left-to-right page; the calendar mirrors them itself).
export {
  CopyIcon,
  DownloadIcon,
  PlusIcon,
  TrashIcon,
  UploadIcon,
} from '../../../components/icons.tsx';
export {
  ChevronLeftIcon as ChevronStartIcon,
  ChevronRightIcon as ChevronEndIcon,
} from '../../../components/shell-icons.tsx';

/* The calendar's own icons, in the app's 24 × 24 stroke style. */

export const LinkIcon = strokeIcon(
  <>
    <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" />
    <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
  </>,
  'LinkIcon',
);

export const MapPinIcon = strokeIcon(
  <>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.3" />
  </>,
  'MapPinIcon',
);
