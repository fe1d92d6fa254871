import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import type { ReactNode } from 'react';
import { EYE_OFF_SHAPE, EYE_SHAPE, GLOBE_SHAPE } from './icon-shapes.tsx';

/**
 * The few icons the app needs, drawn inline (24 × 24, stroke style) so that nothing is fetched
 * from another host and no icon package is bundled.
 */
export function strokeIcon(path: ReactNode, displayName: string) {
  function Icon(props: SvgIconProps) {
    return (
      <SvgIcon
        {...props}
        viewBox="0 0 24 24"
        sx={[
          {
            fill: 'none',
            stroke: 'currentColor',
            strokeWidth: 1.8,
            strokeLinecap: 'round',
            strokeLinejoin: 'round',
          },
          ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
        ]}
      >
        {path}
      </SvgIcon>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const EyeIcon = strokeIcon(EYE_SHAPE, 'EyeIcon');

export const EyeOffIcon = strokeIcon(EYE_OFF_SHAPE, 'EyeOffIcon');

export const GlobeIcon = strokeIcon(GLOBE_SHAPE, 'GlobeIcon');

export const ArrowBackIcon = strokeIcon(
  <>
    <path d="M19 12H5" />
    <path d="m11 18-6-6 6-6" />
  </>,
  'ArrowBackIcon',
);

export const LogoutIcon = strokeIcon(
  <>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 17l-5-5 5-5" />
    <path d="M5 12h11" />
  </>,
  'LogoutIcon',
);

export const MailIcon = strokeIcon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
  </>,
  'MailIcon',
);

export const KeyIcon = strokeIcon(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m10.8 12.2 8.7-8.7" />
    <path d="m16.5 6.5 2.5 2.5" />
    <path d="m14 9 2 2" />
  </>,
  'KeyIcon',
);

export const ShieldIcon = strokeIcon(
  <>
    <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6L12 3Z" />
    <path d="m9 12 2 2 4-4" />
  </>,
  'ShieldIcon',
);

export const UsersIcon = strokeIcon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8" />
    <path d="M18.5 14.3A6.5 6.5 0 0 1 21.5 20" />
  </>,
  'UsersIcon',
);

export const SendIcon = strokeIcon(
  <>
    <path d="M21 3 10 14" />
    <path d="m21 3-7 18-4-7-7-4 18-7Z" />
  </>,
  'SendIcon',
);

export const ChartIcon = strokeIcon(
  <>
    <path d="M4 20V4" />
    <path d="M4 20h16" />
    <path d="m8 15 4-4 3 3 5-6" />
  </>,
  'ChartIcon',
);

export const CalendarIcon = strokeIcon(
  <>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17" />
    <path d="M8 3v4" />
    <path d="M16 3v4" />
  </>,
  'CalendarIcon',
);

export const ServerIcon = strokeIcon(
  <>
    <rect x="3.5" y="4" width="17" height="7" rx="2" />
    <rect x="3.5" y="13" width="17" height="7" rx="2" />
    <path d="M7.5 7.5h.01" />
    <path d="M7.5 16.5h.01" />
  </>,
  'ServerIcon',
);

export const BriefcaseIcon = strokeIcon(
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8.5 7V5a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v2" />
    <path d="M3 13h18" />
  </>,
  'BriefcaseIcon',
);

export const MenuIcon = strokeIcon(
  <>
    <path d="M4 7h16" />
    <path d="M4 12h16" />
    <path d="M4 17h16" />
  </>,
  'MenuIcon',
);

export const CloseIcon = strokeIcon(
  <>
    <path d="M6 6l12 12" />
    <path d="M18 6 6 18" />
  </>,
  'CloseIcon',
);

export const CheckIcon = strokeIcon(<path d="m5 12.5 4.5 4.5L19 7.5" />, 'CheckIcon');

export const ChevronDownIcon = strokeIcon(<path d="m6 9 6 6 6-6" />, 'ChevronDownIcon');

export const SearchIcon = strokeIcon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.4-4.4" />
  </>,
  'SearchIcon',
);

export const CreditCardIcon = strokeIcon(
  <>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M2.5 10h19" />
    <path d="M6.5 15h4" />
  </>,
  'CreditCardIcon',
);

export const LockIcon = strokeIcon(
  <>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </>,
  'LockIcon',
);

export const ClockIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
  'ClockIcon',
);

export const TrafficConeIcon = strokeIcon(
  <>
    <path d="M10.2 4.5h3.6L18 19H6l4.2-14.5Z" />
    <path d="M8.4 10.5h7.2" />
    <path d="M7.3 14.5h9.4" />
    <path d="M3.5 19.5h17" />
  </>,
  'TrafficConeIcon',
);

export const DatabaseIcon = strokeIcon(
  <>
    <ellipse cx="12" cy="6" rx="7.5" ry="3" />
    <path d="M4.5 6v6c0 1.7 3.4 3 7.5 3s7.5-1.3 7.5-3V6" />
    <path d="M4.5 12v6c0 1.7 3.4 3 7.5 3s7.5-1.3 7.5-3v-6" />
  </>,
  'DatabaseIcon',
);

export const FileTextIcon = strokeIcon(
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z" />
    <path d="M14 3v5h5" />
    <path d="M9 13h6" />
    <path d="M9 17h6" />
  </>,
  'FileTextIcon',
);

export const HeartIcon = strokeIcon(
  <path d="M12 20s-7.5-4.4-7.5-10A4.3 4.3 0 0 1 12 7.3 4.3 4.3 0 0 1 19.5 10c0 5.6-7.5 10-7.5 10Z" />,
  'HeartIcon',
);

/* Actions every area shows: add, upload, download, delete, copy, edit. */

export const PlusIcon = strokeIcon(<path d="M12 5v14M5 12h14" />, 'PlusIcon');

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

export const CopyIcon = strokeIcon(
  <>
    <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
    <path d="M15.5 8.5V6a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5" />
  </>,
  'CopyIcon',
);

export const EditIcon = strokeIcon(
  <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4ZM13.5 6.5l4 4" />,
  'EditIcon',
);

export const NoteIcon = strokeIcon(
  <path d="M6 3.5h8l4 4V20a.5.5 0 0 1-.5.5h-11A.5.5 0 0 1 6 20V4a.5.5 0 0 1 .5-.5ZM14 3.5V8h4M9 12h6M9 16h4" />,
  'NoteIcon',
);

/* Shown by several areas: a funnel for filters, a paper clip for attachments, "more" (⋮). */

export const FilterIcon = strokeIcon(<path d="M3 5h18l-7 8v6l-4 2v-8L3 5Z" />, 'FilterIcon');

export const PaperclipIcon = strokeIcon(
  <path d="m20 11.5-7.8 7.8a5 5 0 0 1-7-7L13 4.5a3.3 3.3 0 0 1 4.7 4.7l-7.8 7.8a1.7 1.7 0 0 1-2.4-2.4L14.7 7.4" />,
  'PaperclipIcon',
);

export const MoreIcon = strokeIcon(
  <path d="M12 6h.01M12 12h.01M12 18h.01" strokeWidth={3} />,
  'MoreIcon',
);
