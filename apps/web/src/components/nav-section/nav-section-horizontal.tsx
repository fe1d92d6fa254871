import Box from '@mui/material/Box';
import type { NavSectionProps } from './nav-section-vertical.tsx';
import { NavPopoverItem } from './nav-popover-item.tsx';

/** The horizontal menu: one row under the header, sections apart; sub-menus drop down. */
export function NavSectionHorizontal({ data, onNavigate, sx }: NavSectionProps) {
  return (
    <Box
      component="ul"
      sx={[
        {
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {data.map((group, index) => (
        <Box
          component="li"
          key={group.subheader ?? index}
          sx={(theme) => ({
            display: 'flex',
            alignItems: 'center',
            ...(index > 0 && {
              pl: 1.5,
              ml: 1,
              borderLeft: `1px dashed ${theme.palette.divider}`,
            }),
          })}
        >
          <Box
            component="ul"
            aria-label={group.subheader}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            {group.items.map((item) => (
              <NavPopoverItem
                key={item.title}
                item={item}
                variant="horizontal"
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
