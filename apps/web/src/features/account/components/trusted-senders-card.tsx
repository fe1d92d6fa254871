import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MailTrustedSender } from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiFailure } from '../../../lib/api.ts';
import {
  useDeleteTrustedSenderMutation,
  useTrustedSendersQuery,
} from '../../../lib/mailboxes-api.ts';
import { intlLocale } from '../../../locales/i18n.ts';

/** Rows shown at first, and added by each "Show more" (a member may trust up to 5,000). */
const PAGE = 50;

/**
 * Trusted senders (record 064): the senders whose remote images the member let load in the mail
 * app ("Always show from this sender", record 059), each removable. The member's own reading
 * preference, so every role sees and changes theirs, and nobody else's.
 */
export function TrustedSendersCard() {
  const { t, i18n } = useTranslation('account');
  const { data, isLoading, error, refetch } = useTrustedSendersQuery();
  const [remove] = useDeleteTrustedSenderMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE);
  const [removing, setRemoving] = useState<Set<string>>(new Set());

  const matching = useMemo(() => {
    const words = query.trim().toLowerCase();
    return (data ?? []).filter((s) => !words || s.address.includes(words));
  }, [data, query]);
  const date = useMemo(
    () => new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' }),
    [i18n.language],
  );

  const removeSender = async (sender: MailTrustedSender) => {
    setRemoving((current) => new Set(current).add(sender.id));
    try {
      await remove(sender.id).unwrap();
      enqueueSnackbar(t('trustedSenders.removed', { address: sender.address }), {
        variant: 'success',
      });
    } catch (failure) {
      const words = isApiFailure(failure) ? failure.message : '';
      enqueueSnackbar(`${t('trustedSenders.removeFailed', { address: sender.address })} ${words}`, {
        variant: 'error',
      });
    } finally {
      setRemoving((current) => {
        const next = new Set(current);
        next.delete(sender.id);
        return next;
      });
    }
  };

  return (
    <Card component="section" aria-labelledby="trusted-senders-title" sx={{ p: 3 }}>
      <Typography id="trusted-senders-title" component="h2" variant="h6">
        {t('trustedSenders.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('trustedSenders.hint')}
      </Typography>
      {isLoading && (
        <Stack spacing={1} aria-busy role="status" aria-label={t('trustedSenders.loading')}>
          <Skeleton variant="rounded" height={44} />
          <Skeleton variant="rounded" height={44} />
        </Stack>
      )}
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {t('trustedSenders.failed')} {isApiFailure(error) ? error.message : ''}
        </Alert>
      )}
      {data && data.length === 0 && (
        <Box
          sx={{ border: 1, borderColor: 'divider', borderStyle: 'dashed', borderRadius: 2, p: 3 }}
        >
          <Typography sx={{ fontWeight: 600 }}>{t('trustedSenders.empty')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('trustedSenders.emptyHint')}
          </Typography>
        </Box>
      )}
      {data && data.length > 0 && (
        <>
          {data.length > PAGE / 5 && (
            <TextField
              size="small"
              type="search"
              label={t('trustedSenders.filter')}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setShown(PAGE);
              }}
              slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'none' } }}
              sx={{ mb: 1.5, width: { xs: 1, sm: 320 } }}
            />
          )}
          {matching.length === 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('trustedSenders.noMatch', { query: query.trim() })}
            </Typography>
          )}
          <Stack
            component="ul"
            aria-label={t('trustedSenders.title')}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {matching.slice(0, shown).map((sender) => (
              <Stack
                component="li"
                key={sender.id}
                aria-label={sender.address}
                direction="row"
                sx={{
                  alignItems: 'center',
                  gap: 1.5,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>
                    <bdi dir="ltr">{sender.address}</bdi>
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t('trustedSenders.since', { date: date.format(new Date(sender.createdAt)) })}
                  </Typography>
                </Box>
                <Button
                  size="small"
                  variant="outlined"
                  color="inherit"
                  loading={removing.has(sender.id)}
                  aria-label={t('trustedSenders.removeOf', { address: sender.address })}
                  onClick={() => void removeSender(sender)}
                >
                  {t('trustedSenders.remove')}
                </Button>
              </Stack>
            ))}
          </Stack>
          {matching.length > shown && (
            <Button sx={{ mt: 1 }} onClick={() => setShown((n) => n + PAGE)}>
              {t('trustedSenders.showMore', { shown, total: matching.length })}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
