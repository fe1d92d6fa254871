import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** The first tab stop of a page: jumps over the header to the main content (theme/base.css). */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a className="bk-skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {t('skipToContent')}
    </a>
  );
}
