import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import type { ErrorPageProps, ErrorStatus } from '../features/general/components/error-page.tsx';

type ThemedErrorPage = ComponentType<ErrorPageProps>;

/**
 * The root route's error element: a failed render or route load shows the 500 page. The page is
 * drawn with MUI, so it loads with its theme; if even that fails (offline), a plain message.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  let status: ErrorStatus = 500;
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 403)) {
    status = error.status;
  }
  useEffect(() => {
    if (status === 500) console.error(error);
  }, [error, status]);

  const [page, setPage] = useState<{ Page: ThemedErrorPage } | 'failed' | null>(null);
  useEffect(() => {
    let active = true;
    import('./layouts/themed-error-page.tsx').then(
      (module) => active && setPage({ Page: module.ThemedErrorPage }),
      () => active && setPage('failed'),
    );
    return () => {
      active = false;
    };
  }, []);

  const retry = status === 500 ? () => window.location.reload() : undefined;
  if (page === 'failed') return <PlainErrorPage onRetry={() => window.location.reload()} />;
  if (!page) return <LoadingScreen fullScreen />;
  return <page.Page status={status} onRetry={retry} />;
}

/** The last resort: the error page's words, without its code. */
function PlainErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <main className="bk-loading bk-loading--full" style={{ visibility: 'visible' }}>
      <div style={{ textAlign: 'center' }}>
        <h1>{t('errorPages.serverError.title')}</h1>
        <button type="button" onClick={onRetry}>
          {t('actions.tryAgain')}
        </button>
      </div>
    </main>
  );
}
