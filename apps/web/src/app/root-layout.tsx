import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { RouteProgressBar } from '../components/route-progress-bar.tsx';

/**
 * The root route: the progress bar of slow route changes, and the suspense boundary every page
 * below waits in while its translations load.
 */
export function RootLayout() {
  return (
    <>
      <RouteProgressBar />
      <Suspense fallback={<LoadingScreen fullScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
