import Box, { type BoxProps } from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { FlagCode } from '../locales/languages.ts';

/** A five-pointed star centred on (cx, cy) with outer radius r, pointing at `angle` degrees. */
function star(cx: number, cy: number, r: number, angle = -90): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const a = ((angle + i * 36) * Math.PI) / 180;
    points.push(
      `${(cx + radius * Math.cos(a)).toFixed(2)},${(cy + radius * Math.sin(a)).toFixed(2)}`,
    );
  }
  return points.join(' ');
}

/** Flags drawn on a 30 × 20 grid. */
const FLAGS: Record<FlagCode, ReactNode> = {
  gb: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0 30 20M30 0 0 20" stroke="#FFFFFF" strokeWidth="4" />
      <path d="M0 0 30 20M30 0 0 20" stroke="#C8102E" strokeWidth="1.4" />
      <path d="M15 0v20M0 10h30" stroke="#FFFFFF" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#C8102E" strokeWidth="3.4" />
    </>
  ),
  fr: (
    <>
      <rect width="30" height="20" fill="#FFFFFF" />
      <rect width="10" height="20" fill="#002654" />
      <rect x="20" width="10" height="20" fill="#CE1126" />
    </>
  ),
  vn: (
    <>
      <rect width="30" height="20" fill="#DA251D" />
      <polygon points={star(15, 10.4, 6)} fill="#FFCD00" />
    </>
  ),
  cn: (
    <>
      <rect width="30" height="20" fill="#DE2910" />
      <polygon points={star(5, 5, 3)} fill="#FFDE00" />
      <polygon points={star(10, 2, 1, -60)} fill="#FFDE00" />
      <polygon points={star(12, 4, 1, -80)} fill="#FFDE00" />
      <polygon points={star(12, 7, 1, -100)} fill="#FFDE00" />
      <polygon points={star(10, 9, 1, -120)} fill="#FFDE00" />
    </>
  ),
  sd: (
    <>
      <rect width="30" height="20" fill="#FFFFFF" />
      <rect width="30" height="6.67" fill="#D21034" />
      <rect y="13.33" width="30" height="6.67" fill="#000000" />
      <path d="M0 0 11 10 0 20Z" fill="#007229" />
    </>
  ),
};

export interface FlagIconProps extends Omit<BoxProps<'svg'>, 'children'> {
  code: FlagCode;
  /** Width in px; the flag is 3:2. */
  size?: number;
}

/** A country flag beside a language name; decorative, since the name is always written. */
export function FlagIcon({ code, size = 26, sx, ...other }: FlagIconProps) {
  return (
    <Box
      component="svg"
      viewBox="0 0 30 20"
      aria-hidden="true"
      focusable="false"
      sx={[
        {
          width: size,
          height: (size * 2) / 3,
          flexShrink: 0,
          display: 'block',
          borderRadius: '4px',
          overflow: 'hidden',
          boxShadow: (theme) => `0 0 0 1px ${theme.palette.divider}`,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...other}
    >
      {FLAGS[code]}
    </Box>
  );
}
