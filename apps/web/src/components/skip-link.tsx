import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** The first tab stop of a page: jumps over the header to the main content. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      sx={(theme) => ({
        position: 'absolute',
        insetInlineStart: 16,
        top: -64,
        zIndex: theme.zIndex.tooltip,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'grey.800',
        color: 'common.white',
        fontWeight: 600,
        textDecoration: 'none',
        '&:focus': {
          top: 16,
          outline: `2px solid ${theme.palette.primary.main}`,
          outlineOffset: 2,
        },
      })}
    >
      {t('skipToContent')}
    </Box>
  );
}
