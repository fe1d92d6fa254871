import { strokeIcon } from '../../../components/icons.tsx';

// The generic actions are drawn once, in components/icons.tsx.
export { DownloadIcon, EditIcon, PlusIcon, TrashIcon } from '../../../components/icons.tsx';

/* The board's own icons, in the app's 24 × 24 stroke style. */

export const GripIcon = strokeIcon(
  <>
    <circle cx="9" cy="6" r="0.8" />
    <circle cx="15" cy="6" r="0.8" />
    <circle cx="9" cy="12" r="0.8" />
    <circle cx="15" cy="12" r="0.8" />
    <circle cx="9" cy="18" r="0.8" />
    <circle cx="15" cy="18" r="0.8" />
  </>,
  'GripIcon',
);

export const EraserIcon = strokeIcon(
  <>
    <path d="M8.5 20.5h11M4.6 14.4l9.8-9.8a2 2 0 0 1 2.8 0l2.2 2.2a2 2 0 0 1 0 2.8l-9.8 9.8H7.4l-2.8-2.8a1.6 1.6 0 0 1 0-2.2Z" />
    <path d="m9 10 5 5" />
  </>,
  'EraserIcon',
);

export const CommentIcon = strokeIcon(
  <path d="M20.5 12a8 8 0 0 1-11.8 7.1L3.5 20.5l1.4-5A8 8 0 1 1 20.5 12Z" />,
  'CommentIcon',
);

export const ChecklistIcon = strokeIcon(
  <>
    <path d="m4 6.5 1.5 1.5 3-3M4 13.5 5.5 15l3-3" />
    <path d="M11.5 7h8.5M11.5 14h8.5M4.5 19.5h15.5" />
  </>,
  'ChecklistIcon',
);

export const FlagIcon = strokeIcon(<path d="M5.5 21V4.5m0 0h11l-2 4 2 4h-11" />, 'FlagIcon');

/** Two arrows, one each way: moving a card to another column. */
export const MoveIcon = strokeIcon(
  <path d="M4 8.5h14m0 0-3.5-3.5M18 8.5 14.5 12M20 15.5H6m0 0 3.5-3.5M6 15.5 9.5 19" />,
  'MoveIcon',
);
