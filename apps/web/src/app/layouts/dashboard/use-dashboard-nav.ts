import { useMemo } from 'react';
import { useMatches } from 'react-router';
import { filterNavData, type NavGroupData } from '../../../components/nav-section/index.ts';
import { useAuth } from '../../../features/auth/index.ts';
import { isDashboardLayoutHandle, isPageLayoutHandle } from './layout-handle.ts';
import { useNavData } from './nav-config.tsx';

/** The menu the signed-in user sees: their role's items, for the screens that exist. */
export function useDashboardNav(): NavGroupData[] {
  const data = useNavData();
  const { user } = useAuth();
  const matches = useMatches();
  const hasScreen = matches.map((match) => match.handle).find(isDashboardLayoutHandle)?.hasScreen;
  const role = user?.role ?? null;
  return useMemo(
    () => filterNavData(data, { role, isAvailable: hasScreen }),
    [data, role, hasScreen],
  );
}

/** Whether the current page asked for the full width of the content area. */
export function usePageFullWidth(): boolean {
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isPageLayoutHandle);
  return Boolean(handle?.pageLayout.fullWidth);
}
