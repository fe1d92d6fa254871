import type { NavFilter, NavGroupData, NavItemData } from './types.ts';

function visibleItem(item: NavItemData, filter: NavFilter): NavItemData | null {
  const { role, isAvailable } = filter;
  if (item.roles && (!role || !item.roles.includes(role))) return null;
  if (item.children?.length) {
    const children = item.children
      .map((child) => visibleItem(child, filter))
      .filter((child): child is NavItemData => child !== null);
    return children.length ? { ...item, children } : null;
  }
  if (!item.external && isAvailable && !isAvailable(item.path)) return null;
  return item;
}

/**
 * The menu a person sees: without the items their role may not see, without links to screens
 * that do not exist (yet), without parents left with no children and groups left empty.
 */
export function filterNavData(data: NavGroupData[], filter: NavFilter): NavGroupData[] {
  return data
    .map((group) => ({
      ...group,
      items: group.items
        .map((item) => visibleItem(item, filter))
        .filter((item): item is NavItemData => item !== null),
    }))
    .filter((group) => group.items.length > 0);
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether `pathname` is the item's page (exact), or one of its pages below it (deep). */
export function isPathActive(pathname: string, path: string, deep = false): boolean {
  const current = trimSlash(pathname);
  const target = trimSlash(path);
  return current === target || (deep && current.startsWith(`${target}/`));
}

/** An item is active on its own page and the pages below it, a parent when a child is. */
export function isItemActive(pathname: string, item: NavItemData): boolean {
  if (item.external) return false;
  if (item.children?.length) return item.children.some((child) => isItemActive(pathname, child));
  return isPathActive(pathname, item.path, true);
}

export interface FlatNavItem {
  item: NavItemData;
  /** Subheader and parent titles, for context. */
  trail: string[];
}

/** Every item a person can open (no parents, no disabled items), for search. */
export function flattenNavData(data: NavGroupData[]): FlatNavItem[] {
  const result: FlatNavItem[] = [];
  const walk = (items: NavItemData[], trail: string[]) => {
    for (const item of items) {
      if (item.children?.length) walk(item.children, [...trail, item.title]);
      else if (!item.disabled) result.push({ item, trail });
    }
  };
  for (const group of data) walk(group.items, group.subheader ? [group.subheader] : []);
  return result;
}
