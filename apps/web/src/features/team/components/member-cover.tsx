import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useMemberImage } from '../../../components/member-avatar.tsx';

/** A member's cover image, or a soft gradient of the theme's primary colour when there is none. */
export function MemberCover({
  address,
  height,
  children,
}: {
  address: string | null;
  height: number;
  children?: ReactNode;
}) {
  const src = useMemberImage(address);
  return (
    <Box
      sx={(theme) => ({
        position: 'relative',
        height,
        backgroundColor: 'primary.dark',
        backgroundImage: src
          ? `url(${JSON.stringify(src)})`
          : `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.primary.dark})`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      })}
    >
      {children}
    </Box>
  );
}
