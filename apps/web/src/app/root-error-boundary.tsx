import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../features/general/components/error-page.tsx';

/** The root route's error element: a failed render or route load shows the 500 page. */
export function RootErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage status={404} />;
  if (isRouteErrorResponse(error) && error.status === 403) return <ErrorPage status={403} />;
  console.error(error);
  return <ErrorPage status={500} onRetry={() => window.location.reload()} />;
}
