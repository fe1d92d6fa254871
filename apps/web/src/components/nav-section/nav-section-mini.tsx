import Box from '@mui/material/Box';
import type { NavSectionProps } from './nav-section-vertical.tsx';
import { NavPopoverItem } from './nav-popover-item.tsx';

/** The mini menu: icons over short titles in a narrow column; sub-menus open beside it. */
export function NavSectionMini({ data, onNavigate, sx }: NavSectionProps) {
  return (
    <Box
      component="ul"
      sx={[
        {
          listStyle: 'none',
          m: 0,
          px: 0.5,
          py: 0,
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {data.map((group, index) => (
        <Box component="li" key={group.subheader ?? index}>
          <Box
            component="ul"
            aria-label={group.subheader}
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'flex',
              flexDirection: 'column',
              gap: 0.5,
            }}
          >
            {group.items.map((item) => (
              <NavPopoverItem
                key={item.title}
                item={item}
                variant="mini"
                depth={1}
                onNavigate={onNavigate}
              />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
