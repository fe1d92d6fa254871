import { ErrorPage, type ErrorPageProps } from '../../features/general/components/error-page.tsx';
import { MuiProviders } from './mui-scope.tsx';

/** The error page with the MUI theme around it, for the root's error element. */
export function ThemedErrorPage(props: ErrorPageProps) {
  return (
    <MuiProviders>
      <ErrorPage {...props} />
    </MuiProviders>
  );
}
