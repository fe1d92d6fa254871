/*
 * The drawings of the icons used both with MUI (icons.tsx) and without it (plain/icons.tsx):
 * 24 × 24, stroke style, one source for both.
 */

export const EYE_SHAPE = (
  <>
    <path d="M2.5 12s3.5-7 9.5-7 9.5 7 9.5 7-3.5 7-9.5 7-9.5-7-9.5-7Z" />
    <circle cx="12" cy="12" r="3" />
  </>
);

export const EYE_OFF_SHAPE = (
  <>
    <path d="M10.6 5.1A9.9 9.9 0 0 1 12 5c6 0 9.5 7 9.5 7a17.3 17.3 0 0 1-2.6 3.6" />
    <path d="M6.6 6.6C3.9 8.4 2.5 12 2.5 12s3.5 7 9.5 7a9.6 9.6 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    <path d="m3 3 18 18" />
  </>
);

export const GLOBE_SHAPE = (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18" />
    <path d="M12 3a14 14 0 0 1 0 18a14 14 0 0 1 0-18Z" />
  </>
);
