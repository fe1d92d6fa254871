import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import type { SxProps, Theme } from '@mui/material/styles';
import { useLocation } from 'react-router';
import { ChevronRightIcon } from '../shell-icons.tsx';
import { NavItem } from './nav-item.tsx';
import type { NavGroupData, NavItemData } from './types.ts';
import { isItemActive, isPathActive } from './utils.ts';

export interface NavSectionProps {
  data: NavGroupData[];
  /** Called after a link was followed (the mobile drawer closes). */
  onNavigate?: () => void;
  sx?: SxProps<Theme>;
}

const listSx = { listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column' } as const;

/** The vertical menu: sections under collapsible subheaders, sub-menus that unfold in place. */
export function NavSectionVertical({ data, onNavigate, sx }: NavSectionProps) {
  return (
    <Box component="ul" sx={[{ ...listSx, gap: 1, px: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {data.map((group, index) => (
        <NavGroup key={group.subheader ?? index} group={group} onNavigate={onNavigate} />
      ))}
    </Box>
  );
}

function NavGroup({ group, onNavigate }: { group: NavGroupData; onNavigate?: () => void }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const items = (
    <Box component="ul" id={listId} sx={{ ...listSx, gap: 0.5 }}>
      {group.items.map((item) => (
        <NavListItem key={item.title} item={item} depth={1} onNavigate={onNavigate} />
      ))}
    </Box>
  );
  return (
    <Box component="li">
      {group.subheader ? (
        <>
          <ButtonBase
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
            sx={(theme) => ({
              width: '100%',
              justifyContent: 'flex-start',
              gap: 0.5,
              pl: 1.5,
              pr: 1,
              pt: 2,
              pb: 1,
              borderRadius: 1,
              typography: 'overline',
              fontSize: 11,
              color: 'text.secondary',
              transition: theme.transitions.create('color'),
              '&:hover': { color: 'text.primary', '& .nav-subheader-arrow': { opacity: 1 } },
            })}
          >
            <Box
              component="span"
              className="nav-subheader-arrow"
              aria-hidden="true"
              sx={(theme) => ({
                display: 'inline-flex',
                position: 'absolute',
                left: -4,
                opacity: 0,
                transition: theme.transitions.create(['opacity', 'transform']),
                transform: open
                  ? 'rotate(90deg)'
                  : theme.direction === 'rtl'
                    ? 'scaleX(-1)'
                    : 'none',
              })}
            >
              <ChevronRightIcon sx={{ fontSize: 16 }} />
            </Box>
            {group.subheader}
          </ButtonBase>
          <Collapse in={open} unmountOnExit={false}>
            {items}
          </Collapse>
        </>
      ) : (
        items
      )}
    </Box>
  );
}

function NavListItem({
  item,
  depth,
  onNavigate,
}: {
  item: NavItemData;
  depth: number;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = isItemActive(pathname, item);
  const [open, setOpen] = useState(active);
  const [lastActive, setLastActive] = useState(active);
  const childrenId = useId();

  // Opening a child's page from elsewhere (search, a link) unfolds its parent.
  if (active !== lastActive) {
    setLastActive(active);
    if (active) setOpen(true);
  }

  if (item.children?.length) {
    return (
      <Box component="li">
        <NavItem
          item={item}
          variant="vertical"
          depth={depth}
          active={active}
          open={open}
          aria-controls={childrenId}
          onClick={() => setOpen((value) => !value)}
        />
        <Collapse in={open}>
          <Box
            component="ul"
            id={childrenId}
            sx={{
              ...listSx,
              gap: 0.5,
              mt: 0.5,
              ...(depth === 1 && { pl: 0 }),
              ...(depth > 1 && { pl: 2 }),
            }}
          >
            {item.children.map((child) => (
              <NavListItem
                key={child.title}
                item={child}
                depth={depth + 1}
                onNavigate={onNavigate}
              />
            ))}
          </Box>
        </Collapse>
      </Box>
    );
  }

  return (
    <Box component="li">
      <NavItem
        item={item}
        variant="vertical"
        depth={depth}
        active={active}
        current={!item.external && isPathActive(pathname, item.path)}
        onClick={item.disabled ? undefined : onNavigate}
      />
    </Box>
  );
}
