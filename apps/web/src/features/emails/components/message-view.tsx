import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useEmailMessageQuery } from '../api/emails-api.ts';
import { formatWhen } from '../utils/format.ts';
import { emailsErrorText } from '../utils/errors.ts';

/**
 * A message as the mail API answers it: who wrote it to whom and when, its subject and its text
 * (the plain-text part: a reply reads as written, with nothing remote to load).
 */
export function MessageView({
  mailId,
  headingLevel = 'h2',
}: {
  mailId: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation('emails');
  const { data, error, isLoading, refetch } = useEmailMessageQuery(mailId);
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('message.failed')} {emailsErrorText(t, error)}
      </Alert>
    );
  }
  if (isLoading || !data) {
    return (
      <Stack spacing={1} role="status" aria-label={t('message.loading')}>
        <Skeleton width="60%" height={32} />
        <Skeleton width="40%" />
        <Skeleton variant="rounded" height={140} />
      </Stack>
    );
  }
  const mail = data.mail;
  const to = mail.to.map((a) => a.name || a.address).join(', ');
  return (
    <Box component="article" aria-label={mail.subject || t('message.noSubject')}>
      <Typography component={headingLevel} variant="h6" sx={{ overflowWrap: 'anywhere' }}>
        {mail.subject || t('message.noSubject')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {t('message.fromTo', {
          from: mail.from.name ? `${mail.from.name} <${mail.from.address}>` : mail.from.address,
          to: to || '—',
        })}
      </Typography>
      <Typography
        variant="caption"
        component="time"
        dateTime={mail.date}
        sx={{ color: 'text.secondary' }}
      >
        {formatWhen(mail.date, i18n.language)}
      </Typography>
      {mail.spoofed && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('message.spoofed')}
        </Alert>
      )}
      <Box
        sx={{
          mt: 2,
          p: 2,
          borderRadius: 1,
          bgcolor: 'background.neutral',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          typography: 'body2',
          maxHeight: 420,
          overflowY: 'auto',
        }}
        dir="auto"
        tabIndex={0}
        aria-label={t('message.body')}
      >
        {mail.text.trim() || t('message.empty')}
      </Box>
    </Box>
  );
}
