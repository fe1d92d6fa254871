import type { ReactNode } from 'react';

/** One menu item; items with `children` open a sub-menu (multi-level). */
export interface NavItemData {
  title: string;
  /** The route it opens; for an item with children, the common prefix of its children. */
  path: string;
  icon?: ReactNode;
  /** A second line under the title (a tooltip in the mini and horizontal menus). */
  caption?: string;
  /** Something after the title: a count, a label. */
  info?: ReactNode;
  /** Shown but not usable. */
  disabled?: boolean;
  /** A link out of the app: opens in a new tab. */
  external?: boolean;
  /** Shown only to these roles; to everyone when not given. */
  roles?: readonly string[];
  children?: NavItemData[];
}

/** A section of the menu under its subheader. */
export interface NavGroupData {
  subheader?: string;
  items: NavItemData[];
}

export interface NavFilter {
  /** The signed-in user's role; items with `roles` are hidden from other roles. */
  role?: string | null;
  /** Whether the app has a screen at a path; items without one are left out. */
  isAvailable?: (path: string) => boolean;
}
