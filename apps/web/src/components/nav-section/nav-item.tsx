import type { HTMLAttributes, ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ICON, NAV } from '../../theme/constants.ts';
import { primaryText } from '../../theme/components.ts';
import { ChevronDownIcon } from '../icons.tsx';
import { ChevronRightIcon, ExternalLinkIcon } from '../shell-icons.tsx';
import { visuallyHidden } from '../visually-hidden.ts';
import type { NavItemData } from './types.ts';

export type NavVariant = 'vertical' | 'mini' | 'horizontal';

export interface NavItemProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  item: NavItemData;
  variant: NavVariant;
  /** 1 for a top-level item, 2 and more inside a sub-menu. */
  depth: number;
  /** On this item's page, or (a parent) on one of its children's. */
  active: boolean;
  /** On exactly this item's page: `aria-current="page"`. */
  current?: boolean;
  /** A parent whose sub-menu is open. */
  open?: boolean;
  /** Hide the caption (the mini and horizontal menus show it as a tooltip). */
  hideCaption?: boolean;
  ref?: Ref<HTMLElement>;
}

/**
 * One item of a menu, in one of the three layouts: a link to its route, a link out of the app in
 * a new tab, a parent that opens its sub-menu (a button), or a disabled item.
 */
export function NavItem({
  item,
  variant,
  depth,
  active,
  current,
  open = false,
  hideCaption,
  ref,
  ...other
}: NavItemProps) {
  const { t } = useTranslation('common', { useSuspense: false });
  const hasChildren = Boolean(item.children?.length);
  const sub = depth > 1;
  const iconSize =
    variant === 'vertical'
      ? ICON.NAV_ITEM
      : variant === 'mini'
        ? ICON.NAV_ITEM_MINI
        : ICON.NAV_ITEM_HORIZONTAL;

  const linkProps = hasChildren
    ? { component: 'button' as const, type: 'button' as const, 'aria-expanded': open }
    : item.disabled
      ? { component: 'div' as const, disabled: true, 'aria-disabled': true }
      : item.external
        ? {
            component: 'a' as const,
            href: item.path,
            target: '_blank',
            rel: 'noopener noreferrer',
          }
        : {
            component: RouterLink,
            to: item.path,
            'aria-current': current ? ('page' as const) : undefined,
          };

  const showCaption = Boolean(item.caption) && !hideCaption && !(variant === 'mini' && !sub);

  const arrow: ReactNode = hasChildren ? (
    <Box
      component="span"
      aria-hidden="true"
      className="nav-item-arrow"
      sx={(theme) => ({
        display: 'inline-flex',
        flexShrink: 0,
        ml: variant === 'mini' && !sub ? 0 : 'auto',
        transition: theme.transitions.create('transform', {
          duration: theme.transitions.duration.shorter,
        }),
        ...(variant === 'mini' && !sub && { position: 'absolute', top: 10, right: 6 }),
        // Points where the sub-menu opens: after the item (mirrored right-to-left), or down.
        ...(theme.direction === 'rtl' && { transform: 'scaleX(-1)' }),
        ...(variant === 'vertical' && open && { transform: 'rotate(90deg)' }),
      })}
    >
      {variant === 'horizontal' && !sub ? (
        <ChevronDownIcon sx={{ fontSize: 16 }} />
      ) : (
        <ChevronRightIcon sx={{ fontSize: variant === 'mini' && !sub ? 14 : 16 }} />
      )}
    </Box>
  ) : null;

  return (
    <ButtonBase
      // One element type per kind of item; each is an HTMLElement.
      ref={ref as Ref<HTMLButtonElement>}
      {...linkProps}
      {...other}
      data-active={active || undefined}
      sx={itemStyles(variant, sub, active, open)}
    >
      {item.icon ? (
        <Box
          component="span"
          aria-hidden="true"
          sx={{
            width: iconSize,
            height: iconSize,
            flexShrink: 0,
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            '& svg': { width: iconSize, height: iconSize, fontSize: iconSize },
          }}
        >
          {item.icon}
        </Box>
      ) : sub && variant === 'vertical' ? (
        <Box
          component="span"
          aria-hidden="true"
          className="nav-item-dot"
          sx={{
            width: ICON.NAV_ITEM,
            height: ICON.NAV_ITEM,
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <Box
            component="span"
            sx={(theme) => ({
              width: 4,
              height: 4,
              borderRadius: '50%',
              bgcolor: 'text.disabled',
              transition: theme.transitions.create('transform'),
              ...(active && { bgcolor: primaryText(theme), transform: 'scale(2)' }),
            })}
          />
        </Box>
      ) : null}

      <Box
        component="span"
        sx={{
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          ...(variant === 'mini' && !sub
            ? { alignItems: 'center', width: '100%' }
            : { flex: '1 1 auto' }),
          ...(variant === 'horizontal' && !sub && { flex: '0 0 auto' }),
        }}
      >
        <Box
          component="span"
          className="nav-item-title"
          sx={
            variant === 'mini' && !sub
              ? {
                  // Two short lines rather than a cut word in 80 px.
                  display: '-webkit-box',
                  WebkitBoxOrient: 'vertical',
                  WebkitLineClamp: 2,
                  overflow: 'hidden',
                  overflowWrap: 'anywhere',
                  maxWidth: '100%',
                }
              : {
                  display: 'block',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                  maxWidth: '100%',
                }
          }
        >
          {item.title}
          {item.external && (
            <>
              {!(variant === 'mini' && !sub) && (
                <ExternalLinkIcon
                  aria-hidden="true"
                  sx={{ fontSize: 14, ml: 0.75, verticalAlign: '-2px', opacity: 0.8 }}
                />
              )}
              <Box component="span" sx={visuallyHidden}>
                {` (${t('opensInNewTab')})`}
              </Box>
            </>
          )}
        </Box>
        {showCaption && (
          <Box
            component="span"
            className="nav-item-caption"
            sx={{
              display: 'block',
              typography: 'caption',
              // On a highlighted item, the item's own colour keeps it readable.
              color: active ? 'inherit' : 'text.secondary',
              fontWeight: 400,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {item.caption}
          </Box>
        )}
      </Box>

      {item.info && variant !== 'mini' && (
        <Box component="span" sx={{ ml: 'auto', flexShrink: 0, display: 'inline-flex' }}>
          {item.info}
        </Box>
      )}
      {arrow}
    </ButtonBase>
  );
}

function itemStyles(
  variant: NavVariant,
  sub: boolean,
  active: boolean,
  open: boolean,
): SxProps<Theme> {
  return (theme) => {
    const dark = theme.palette.mode === 'dark';
    const activeBg = alpha(theme.palette.primary.main, dark ? 0.16 : 0.08);
    const activeHoverBg = alpha(theme.palette.primary.main, dark ? 0.24 : 0.16);
    const base = {
      width: '100%',
      display: 'flex',
      alignItems: 'center',
      textAlign: 'left' as const,
      textDecoration: 'none',
      color: theme.palette.text.secondary,
      borderRadius: `${theme.shape.borderRadius}px`,
      ...theme.typography.body2,
      fontWeight: 500,
      transition: theme.transitions.create(['background-color', 'color'], {
        duration: theme.transitions.duration.shorter,
      }),
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&.Mui-disabled': { opacity: 0.48, cursor: 'default' },
      '&:focus-visible': {
        outline: `2px solid ${primaryText(theme)}`,
        outlineOffset: -2,
      },
    };
    const topActive = active && {
      color: primaryText(theme),
      fontWeight: 600,
      backgroundColor: activeBg,
      '&:hover': { backgroundColor: activeHoverBg },
    };
    const subActive = active && {
      color: theme.palette.text.primary,
      fontWeight: 600,
      ...(variant !== 'vertical' && { backgroundColor: theme.palette.action.selected }),
    };
    const openParent = open &&
      !active && {
        color: theme.palette.text.primary,
        backgroundColor: theme.palette.action.hover,
      };

    if (sub) {
      return {
        ...base,
        minHeight: NAV.H_DASHBOARD_ITEM_SUB,
        gap: variant === 'vertical' ? 1.5 : 1,
        px: 1,
        py: 0.5,
        ...(variant === 'vertical' && { pl: 1.5 }),
        ...openParent,
        ...subActive,
      };
    }
    if (variant === 'mini') {
      return {
        ...base,
        position: 'relative',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 0.5,
        minHeight: 56,
        px: 0.5,
        py: 1,
        textAlign: 'center' as const,
        fontSize: 10,
        lineHeight: '16px',
        fontWeight: 600,
        ...openParent,
        ...topActive,
      };
    }
    if (variant === 'horizontal') {
      return {
        ...base,
        width: 'auto',
        flexShrink: 0,
        gap: 0.75,
        minHeight: NAV.H_DASHBOARD_ITEM_HORIZONTAL,
        px: 0.75,
        borderRadius: `${Number(theme.shape.borderRadius) * 0.75}px`,
        whiteSpace: 'nowrap',
        ...openParent,
        ...topActive,
      };
    }
    return {
      ...base,
      gap: 1.5,
      minHeight: NAV.H_DASHBOARD_ITEM,
      pl: 1.5,
      pr: 1,
      py: 0.5,
      ...openParent,
      ...topActive,
    };
  };
}
