import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a paged query (RTK Query's `build.infiniteQuery`) says about its next page. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export interface LoadMoreButtonProps {
  /** The paged query: the button shows while it has a next page and asks for it. */
  pages: NextPages;
  /** The button's text, when "Show more" does not say enough ("Show 5 more"). */
  children?: ReactNode;
  /** Placed on the box that centres the button. */
  sx?: SxProps<Theme>;
}

/**
 * "Show more" under a paged list: nothing when there is no next page; while the next page
 * loads, the button shows it and cannot be pressed again.
 */
export function LoadMoreButton({ pages, children, sx }: LoadMoreButtonProps) {
  const { t } = useTranslation('common');
  if (!pages.hasNextPage) return null;
  return (
    <Box sx={[{ textAlign: 'center', p: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Button
        variant="outlined"
        color="inherit"
        loading={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {children ?? t('actions.showMore')}
      </Button>
    </Box>
  );
}
