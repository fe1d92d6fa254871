import { useSearchParams } from 'react-router';
import { safeReturnTo } from '../utils/return-to.ts';

/** The page to come back to after signing in, from `?returnTo=`; null when absent or unsafe. */
export function useReturnTo(): string | null {
  const [params] = useSearchParams();
  return safeReturnTo(params.get('returnTo'));
}
