import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What a card shows of its call: the fields of its RTK Query hook the frame reads. */
export interface CardQuery<T> {
  data?: T;
  isError: boolean;
  refetch: () => unknown;
}

export interface HomeCardProps<T> {
  /** The card's id: its heading is `home-<id>-title`, its test id `home-card-<id>`. */
  id: string;
  title: string;
  /** A button or link beside the title (start the queue, open the calendar). */
  action?: ReactNode;
  /** The card's query (`useHomeTasksQuery()`, ...). */
  query: CardQuery<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  /**
   * The height (px) the card's content takes when its lists are full: reserved while it loads
   * and kept when it holds less, so that no card moves those below it (layout shift) as the
   * answers come in. The skeleton fills it.
   */
  reserve: number;
  children: (data: T) => ReactNode;
}

/**
 * The frame of every home card: its heading and action, then its loading (skeleton), error
 * (message and retry), empty or filled state. A refresh keeps what is shown until it answers;
 * a failed refresh keeps it too and says so above it.
 */
export function HomeCard<T>({
  id,
  title,
  action,
  query,
  isEmpty,
  empty,
  reserve,
  children,
}: HomeCardProps<T>) {
  const { t } = useTranslation('home');
  const titleId = `home-${id}-title`;
  const error = query.isError && (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      }
    >
      {t('loadError')}
    </Alert>
  );
  let body: ReactNode;
  if (query.data !== undefined) {
    body = isEmpty(query.data) ? (
      <Typography sx={{ color: 'text.secondary', py: 2 }}>{empty}</Typography>
    ) : (
      children(query.data)
    );
  } else if (!query.isError) {
    body = (
      <Stack spacing={1.5} aria-busy="true" aria-label={t('loading')} role="status">
        {Array.from({ length: Math.max(1, Math.floor(reserve / 48)) }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={36} />
        ))}
      </Stack>
    );
  }
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      data-testid={`home-card-${id}`}
      sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, height: '100%', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 36 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {error}
      <Box sx={{ minHeight: reserve, display: 'flex', flexDirection: 'column' }}>{body}</Box>
    </Card>
  );
}
