import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import {
  useCalendarFeedQuery,
  useCalendarRevokeFeedMutation,
  useCalendarRotateFeedMutation,
} from '../api/calendar-api.ts';
import { calendarErrorText } from '../utils/error-text.ts';
import { CopyIcon } from './calendar-icons.tsx';

export interface FeedDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The signed-in user's private feed: an address with a secret token that Google Calendar or
 * Outlook can subscribe to. Making a new one turns the old one off. The address is read each time
 * the dialog opens (`calendarFeed`); a failed read shows the dialog without one, as before.
 */
export function FeedDialog({ open, onClose }: FeedDialogProps) {
  const { t } = useTranslation('calendar');
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const read = useCalendarFeedQuery(open ? undefined : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const [rotateFeed] = useCalendarRotateFeedMutation();
  const [revokeFeed] = useCalendarRevokeFeedMutation();
  const [busy, setBusy] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const readError = read.error;
  useEffect(() => {
    if (readError) enqueueSnackbar(calendarErrorText(t, readError), { variant: 'error' });
  }, [readError, enqueueSnackbar, t]);

  const run = async (work: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await work();
      enqueueSnackbar(message);
    } catch (error) {
      enqueueSnackbar(calendarErrorText(t, error), { variant: 'error' });
    } finally {
      setBusy(false);
      setConfirmRotate(false);
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar(t('feed.copied'));
    } catch {
      // No clipboard (a plain-HTTP origin): select the address, so that Ctrl+C copies it.
      field.current?.select();
      enqueueSnackbar(t('feed.copyManually'), { variant: 'info' });
    }
  };

  const loading = read.currentData === undefined && !read.isError;
  const feed = read.currentData ?? null;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('feed.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('feed.intro')}
        </Typography>
        {loading ? (
          <Skeleton variant="rounded" height={56} />
        ) : feed ? (
          <>
            <TextField
              fullWidth
              label={t('feed.address')}
              value={feed.url}
              inputRef={field}
              onFocus={(event) => event.target.select()}
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        edge="end"
                        aria-label={t('feed.copy')}
                        onClick={() => void copy(feed.url)}
                      >
                        <CopyIcon />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('feed.secret')}
            </Alert>
            <Box component="ul" sx={{ mt: 2, mb: 0, ps: 2.5, typography: 'body2' }}>
              <li>{t('feed.google')}</li>
              <li>{t('feed.outlook')}</li>
            </Box>
            {confirmRotate && (
              <Alert
                severity="info"
                sx={{ mt: 2 }}
                action={
                  <Button
                    color="inherit"
                    size="small"
                    disabled={busy}
                    onClick={() => void run(() => rotateFeed().unwrap(), t('feed.rotated'))}
                  >
                    {t('feed.rotateConfirm')}
                  </Button>
                }
              >
                {t('feed.rotateWarning')}
              </Alert>
            )}
          </>
        ) : (
          <Typography variant="body2">{t('feed.none')}</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        {feed && (
          <>
            <Button
              color="error"
              disabled={busy}
              onClick={() => void run(() => revokeFeed().unwrap(), t('feed.revoked'))}
              sx={{ me: 'auto' }}
            >
              {t('feed.revoke')}
            </Button>
            <Button color="inherit" disabled={busy} onClick={() => setConfirmRotate(true)}>
              {t('feed.rotate')}
            </Button>
          </>
        )}
        {!loading && !feed && (
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void run(() => rotateFeed().unwrap(), t('feed.created'))}
          >
            {t('feed.create')}
          </Button>
        )}
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
