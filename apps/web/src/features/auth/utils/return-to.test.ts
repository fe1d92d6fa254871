import { describe, expect, it } from 'vitest';
import { afterSignInPath, loginPath, safeReturnTo } from './return-to.ts';

describe('returnTo', () => {
  it('keeps paths of this site', () => {
    expect(safeReturnTo('/dashboard/app')).toBe('/dashboard/app');
    expect(safeReturnTo('/dashboard/people?q=ann#top')).toBe('/dashboard/people?q=ann#top');
  });

  it('drops other hosts and odd values', () => {
    expect(safeReturnTo('https://evil.example')).toBeNull();
    expect(safeReturnTo('//evil.example')).toBeNull();
    expect(safeReturnTo('/\\evil.example')).toBeNull();
    expect(safeReturnTo('javascript:alert(1)')).toBeNull();
    expect(safeReturnTo('/a\nb')).toBeNull();
    expect(safeReturnTo('')).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
  });

  it('goes to the dashboard home by default', () => {
    expect(afterSignInPath(null)).toBe('/dashboard/app');
    expect(afterSignInPath('//evil.example')).toBe('/dashboard/app');
    expect(afterSignInPath('/dashboard/app?x=1')).toBe('/dashboard/app?x=1');
  });

  it('builds the sign-in path with the page to return to', () => {
    expect(loginPath('/dashboard/app')).toBe('/auth/login?returnTo=%2Fdashboard%2Fapp');
    expect(loginPath(null)).toBe('/auth/login');
  });
});
