import { strokeIcon } from '../../../components/icons.tsx';

export const SmileIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0" />
    <path d="M9 9.5h.01M15 9.5h.01" />
  </>,
  'SmileIcon',
);

export const PaperclipIcon = strokeIcon(
  <path d="m21 11-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l7.9-7.9" />,
  'PaperclipIcon',
);

export const MoreIcon = strokeIcon(
  <path d="M12 6h.01M12 12h.01M12 18h.01" strokeWidth={3} />,
  'MoreIcon',
);

export const CheckAllIcon = strokeIcon(
  <>
    <path d="m2 12 5 5L17 7" />
    <path d="m12 16 1 1L23 7" />
  </>,
  'CheckAllIcon',
);
