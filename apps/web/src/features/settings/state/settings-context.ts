import { createContext } from 'react';
import type { SettingKey, Settings } from '../settings-config.ts';

export interface SettingsContextValue extends Settings {
  /** Changes one setting and saves it in its cookie at once. */
  update<K extends SettingKey>(key: K, value: Settings[K]): void;
  /** Restores the defaults and deletes the cookies. */
  reset(): void;
  /** Whether any setting differs from its default. */
  canReset: boolean;
  /** The settings drawer. */
  drawerOpen: boolean;
  /**
   * Opens the drawer. Focus goes back to `opener` when it closes (by default the element that had
   * focus; the floating settings button, hidden while the drawer is open, is found again).
   */
  openDrawer(opener?: HTMLElement | null): void;
  closeDrawer(): void;
}

export const SettingsContext = createContext<SettingsContextValue | null>(null);
