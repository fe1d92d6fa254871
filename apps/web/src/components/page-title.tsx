import { useTranslation } from 'react-i18next';

/** Sets the document title to "<page> · Beacon" (React 19 hoists `<title>` into the head). */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return <title>{t('documentTitle', { page: title })}</title>;
}
