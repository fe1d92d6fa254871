import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import Paper from '@mui/material/Paper';
import Popper, { type PopperPlacementType } from '@mui/material/Popper';
import Tooltip from '@mui/material/Tooltip';
import { useLocation } from 'react-router';
import { NavItem, type NavVariant } from './nav-item.tsx';
import type { NavItemData } from './types.ts';
import { isItemActive, isPathActive } from './utils.ts';

/** Moving the pointer from an item to its sub-menu crosses a gap; wait this long before closing. */
const CLOSE_DELAY_MS = 150;

export interface NavPopoverItemProps {
  item: NavItemData;
  variant: Exclude<NavVariant, 'vertical'>;
  depth: number;
  onNavigate?: () => void;
}

/**
 * An item of the mini or horizontal menu. A parent opens its sub-menu beside (mini) or below
 * (horizontal) it: on hover, or on click and Enter, which also moves the focus into it; Escape
 * closes it and gives the focus back. The caption is a tooltip.
 */
export function NavPopoverItem({ item, variant, depth, onNavigate }: NavPopoverItemProps) {
  const { pathname } = useLocation();
  const active = isItemActive(pathname, item);

  if (!item.children?.length) {
    const link = (
      <NavItem
        item={item}
        variant={variant}
        depth={depth}
        active={active}
        current={!item.external && isPathActive(pathname, item.path)}
        hideCaption={depth === 1}
        onClick={item.disabled ? undefined : onNavigate}
      />
    );
    return (
      <Box component="li" sx={{ display: 'flex' }}>
        {item.caption && depth === 1 ? (
          <Tooltip
            title={item.caption}
            placement={variant === 'mini' ? 'right' : 'bottom'}
            describeChild
          >
            {link}
          </Tooltip>
        ) : (
          link
        )}
      </Box>
    );
  }
  return (
    <NavPopoverParent
      item={item}
      variant={variant}
      depth={depth}
      onNavigate={onNavigate}
      active={active}
    />
  );
}

function NavPopoverParent({
  item,
  variant,
  depth,
  onNavigate,
  active,
}: NavPopoverItemProps & { active: boolean }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const menuId = useId();

  // How the sub-menu was opened: a click on a menu that hovering opened keeps it open.
  const openedBy = useRef<'hover' | 'click' | null>(null);
  const show = (by: 'hover' | 'click' = 'hover') => {
    clearTimeout(closeTimer.current);
    if (!open || by === 'click') openedBy.current = by;
    setOpen(true);
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  const hide = (returnFocus: boolean) => {
    clearTimeout(closeTimer.current);
    setOpen(false);
    if (returnFocus) anchor?.focus();
  };

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // A followed link closes the sub-menu.
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open || !focusOnOpen) return;
    const frame = window.requestAnimationFrame(() => {
      menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
      setFocusOnOpen(false);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [open, focusOnOpen]);

  const onClick = (event: MouseEvent) => {
    // A keyboard "click" (Enter, Space) has no pointer detail: move the focus into the menu.
    const fromKeyboard = event.detail === 0;
    if (open && openedBy.current === 'click' && !fromKeyboard) {
      hide(false);
      return;
    }
    show('click');
    if (fromKeyboard) setFocusOnOpen(true);
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      hide(true);
    }
  };

  const onAnchorKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      hide(false);
    }
    if (event.key === 'ArrowDown' && variant === 'horizontal' && depth === 1) {
      event.preventDefault();
      show('click');
      setFocusOnOpen(true);
    }
  };

  const placement: PopperPlacementType =
    variant === 'horizontal' && depth === 1 ? 'bottom-start' : 'right-start';

  return (
    <Box
      component="li"
      sx={{ display: 'flex' }}
      onMouseEnter={() => show('hover')}
      onMouseLeave={hideSoon}
    >
      <NavItem
        ref={setAnchor}
        item={item}
        variant={variant}
        depth={depth}
        active={active}
        open={open}
        hideCaption
        aria-haspopup="true"
        aria-controls={open ? menuId : undefined}
        onClick={onClick}
        onKeyDown={onAnchorKeyDown}
      />
      <Popper
        open={open}
        anchorEl={anchor}
        placement={placement}
        transition
        modifiers={[
          { name: 'offset', options: { offset: [0, variant === 'mini' && depth === 1 ? 10 : 6] } },
        ]}
        sx={(theme) => ({ zIndex: theme.zIndex.appBar + 2 })}
        onMouseEnter={() => show('hover')}
        onMouseLeave={hideSoon}
      >
        {({ TransitionProps }) => (
          <Fade {...TransitionProps} timeout={150}>
            <Paper
              onKeyDown={onMenuKeyDown}
              onBlur={(event) => {
                const next = event.relatedTarget as Node | null;
                if (next && !event.currentTarget.contains(next) && next !== anchor) {
                  hide(false);
                }
              }}
              sx={(theme) => ({
                minWidth: 200,
                p: 0.75,
                borderRadius: 1.5,
                boxShadow: theme.customShadows.dropdown,
                border: `1px solid ${theme.palette.divider}`,
              })}
            >
              <Box
                component="ul"
                id={menuId}
                ref={menuRef}
                aria-label={item.title}
                sx={{
                  listStyle: 'none',
                  m: 0,
                  p: 0,
                  display: 'flex',
                  flexDirection: 'column',
                  gap: 0.5,
                }}
              >
                {item.children?.map((child) => (
                  <NavPopoverItem
                    key={child.title}
                    item={child}
                    variant={variant}
                    depth={depth + 1}
                    onNavigate={onNavigate}
                  />
                ))}
              </Box>
            </Paper>
          </Fade>
        )}
      </Popper>
    </Box>
  );
}
