import type { TypographyVariantsOptions } from '@mui/material/styles';
// Public Sans is bundled: only the weights the theme uses. Each file declares the latin,
// latin-ext and vietnamese subsets with unicode-range, so a browser fetches only what a page needs.
import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/700.css';

export const FONT_FAMILY = [
  '"Public Sans"',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Noto Sans Arabic"',
  '"Noto Sans SC"',
  '"PingFang SC"',
  '"Microsoft YaHei"',
  'sans-serif',
].join(', ');

/** Where the font sizes step up: 600, 900 and 1200 px (MUI's sm, md and lg). */
export const TYPOGRAPHY_BREAKPOINTS = { sm: 600, md: 900, lg: 1200 } as const;

const rem = (px: number) => `${px / 16}rem`;

/** Font sizes in px at the sm, md and lg breakpoints; below sm the base size applies. */
function responsive(sm: number, md: number, lg: number) {
  return {
    [`@media (min-width:${TYPOGRAPHY_BREAKPOINTS.sm}px)`]: { fontSize: rem(sm) },
    [`@media (min-width:${TYPOGRAPHY_BREAKPOINTS.md}px)`]: { fontSize: rem(md) },
    [`@media (min-width:${TYPOGRAPHY_BREAKPOINTS.lg}px)`]: { fontSize: rem(lg) },
  };
}

export const typography: TypographyVariantsOptions = {
  fontFamily: FONT_FAMILY,
  fontWeightLight: 400,
  fontWeightRegular: 400,
  fontWeightMedium: 500,
  fontWeightBold: 700,
  h1: { fontWeight: 700, lineHeight: 1.25, fontSize: rem(40), ...responsive(52, 58, 64) },
  h2: { fontWeight: 700, lineHeight: 1.33, fontSize: rem(32), ...responsive(40, 44, 48) },
  h3: { fontWeight: 700, lineHeight: 1.5, fontSize: rem(24), ...responsive(26, 30, 32) },
  h4: { fontWeight: 700, lineHeight: 1.5, fontSize: rem(20), ...responsive(20, 24, 24) },
  h5: { fontWeight: 700, lineHeight: 1.5, fontSize: rem(18), ...responsive(19, 20, 20) },
  h6: { fontWeight: 600, lineHeight: 1.55, fontSize: rem(17), ...responsive(18, 18, 18) },
  subtitle1: { fontWeight: 600, lineHeight: 1.5, fontSize: rem(16) },
  subtitle2: { fontWeight: 600, lineHeight: 1.57, fontSize: rem(14) },
  body1: { lineHeight: 1.5, fontSize: rem(16) },
  body2: { lineHeight: 1.57, fontSize: rem(14) },
  caption: { lineHeight: 1.5, fontSize: rem(12) },
  overline: { fontWeight: 700, lineHeight: 1.5, fontSize: rem(12), textTransform: 'uppercase' },
  button: { fontWeight: 700, lineHeight: 24 / 14, fontSize: rem(14), textTransform: 'none' },
};
