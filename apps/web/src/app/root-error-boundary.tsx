import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import type { ErrorPageProps, ErrorStatus } from '../features/general/components/error-page.tsx';
import { isChunkLoadError, page as browserPage, reloadOnceForChunkError } from './chunk-reload.ts';

type ThemedErrorPage = ComponentType<ErrorPageProps>;

/**
 * The root route's error element: a failed render or route load shows the 500 page. The page is
 * drawn with MUI, so it loads with its theme; if even that fails (offline), a plain message.
 * A chunk missing after an upgrade reloads the page once instead (`chunk-reload.ts`).
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  let status: ErrorStatus = 500;
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 403)) {
    status = error.status;
  }
  const chunkError = isChunkLoadError(error);
  // Shows the loading screen while the page reloads for a missing chunk.
  const [reloading, setReloading] = useState(chunkError);
  useEffect(() => {
    if (chunkError && reloadOnceForChunkError()) return;
    setReloading(false);
    if (status === 500) console.error(error);
  }, [chunkError, error, status]);

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

  const retry = status === 500 ? () => browserPage.reload() : undefined;
  if (reloading) return <LoadingScreen fullScreen />;
  if (page === 'failed') return <PlainErrorPage onRetry={() => browserPage.reload()} />;
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
