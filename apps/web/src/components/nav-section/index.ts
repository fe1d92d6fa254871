export { NavSectionVertical, type NavSectionProps } from './nav-section-vertical.tsx';
export { NavSectionMini } from './nav-section-mini.tsx';
export { NavSectionHorizontal } from './nav-section-horizontal.tsx';
export { NavItem, type NavVariant } from './nav-item.tsx';
export type { NavFilter, NavGroupData, NavItemData } from './types.ts';
export {
  filterNavData,
  flattenNavData,
  isItemActive,
  isPathActive,
  type FlatNavItem,
} from './utils.ts';
