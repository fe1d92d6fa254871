import { strokeIcon } from '../../../components/icons.tsx';

export const SmileIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0" />
    <path d="M9 9.5h.01M15 9.5h.01" />
  </>,
  'SmileIcon',
);

export const CheckAllIcon = strokeIcon(
  <>
    <path d="m2 12 5 5L17 7" />
    <path d="m12 16 1 1L23 7" />
  </>,
  'CheckAllIcon',
);
