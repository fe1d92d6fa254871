import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { mailEndpoints, type MailDomain } from '@beacon/contract';
import { api, call, isApiFailure } from '../../../lib/api.ts';

/** The workspace's mail domains (record 057): admins point a domain at Beacon and sign with DKIM. */
const domainsApi = api.enhanceEndpoints({ addTagTypes: ['MailDomains'] }).injectEndpoints({
  endpoints: (build) => ({
    adminMailDomains: build.query<MailDomain[], void>({
      query: () => call(mailEndpoints.domains),
      transformResponse: (answer: { domains: MailDomain[] }) => answer.domains,
      providesTags: ['MailDomains'],
    }),
    adminNewMailDomain: build.mutation<
      MailDomain,
      { domain: string; dkimSelector?: string; dkimPrivateKey?: string }
    >({
      query: (body) => call(mailEndpoints.newDomain, { body }),
      transformResponse: (answer: { domain: MailDomain }) => answer.domain,
      invalidatesTags: ['MailDomains'],
    }),
    adminDeleteMailDomain: build.mutation<null, string>({
      query: (domainId) => call(mailEndpoints.deleteDomain, { body: { domainId } }),
      invalidatesTags: ['MailDomains'],
    }),
  }),
});

const failureText = (error: unknown) => (isApiFailure(error) ? error.message : String(error));

/** Mail domains: the domains whose mail Beacon accepts, with their DKIM record to publish. */
export function MailDomainsCard() {
  const { t } = useTranslation('admin');
  const { data, isLoading, error, refetch } = domainsApi.useAdminMailDomainsQuery();
  const [remove, removing] = domainsApi.useAdminDeleteMailDomainMutation();
  const [adding, setAdding] = useState(false);
  return (
    <Card component="section" aria-labelledby="mail-domains-heading" sx={{ p: 3 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, justifyContent: 'space-between', mb: 2 }}
      >
        <Box>
          <Typography id="mail-domains-heading" component="h2" variant="h6">
            {t('mailDomains.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('mailDomains.hint')}
          </Typography>
        </Box>
        <Box>
          <Button variant="outlined" onClick={() => setAdding(true)}>
            {t('mailDomains.add')}
          </Button>
        </Box>
      </Stack>
      {isLoading && <Skeleton variant="rounded" height={64} />}
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('panel.retry')}
            </Button>
          }
        >
          {t('mailDomains.failed')}
        </Alert>
      )}
      {removing.error && (
        <Alert severity="error" sx={{ mb: 1.5 }} onClose={() => removing.reset()}>
          {failureText(removing.error)}
        </Alert>
      )}
      {data && data.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('mailDomains.empty')}
        </Typography>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {(data ?? []).map((domain) => (
          <Box
            component="li"
            key={domain.id}
            aria-label={domain.domain}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
          >
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}>
                <bdi dir="ltr">{domain.domain}</bdi>
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                label={
                  domain.hasDkimKey
                    ? t('mailDomains.dkimOn', { selector: domain.dkimSelector ?? '' })
                    : t('mailDomains.dkimOff')
                }
              />
              <Button
                size="small"
                color="error"
                disabled={removing.isLoading}
                aria-label={t('mailDomains.deleteOf', { domain: domain.domain })}
                onClick={() => void remove(domain.id)}
              >
                {t('mailDomains.delete')}
              </Button>
            </Stack>
            {domain.dkimRecord && (
              <Box sx={{ mt: 1 }}>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('mailDomains.publish', {
                    name: `${domain.dkimSelector ?? ''}._domainkey.${domain.domain}`,
                  })}
                </Typography>
                <Typography
                  component="pre"
                  variant="caption"
                  dir="ltr"
                  sx={{
                    m: 0,
                    p: 1,
                    borderRadius: 1,
                    bgcolor: 'background.neutral',
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                    fontFamily: 'monospace',
                  }}
                >
                  {domain.dkimRecord}
                </Typography>
              </Box>
            )}
          </Box>
        ))}
      </Stack>
      {adding && <NewDomainDialog onClose={() => setAdding(false)} />}
    </Card>
  );
}

function NewDomainDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [create, { isLoading, error }] = domainsApi.useAdminNewMailDomainMutation();
  const [domain, setDomain] = useState('');
  const [selector, setSelector] = useState('');
  const [key, setKey] = useState('');
  const fields = isApiFailure(error) ? (error.fieldErrors ?? {}) : {};
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('mailDomains.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="mail-domain-new"
          spacing={2.5}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void create({
              domain: domain.trim(),
              ...(selector.trim() ? { dkimSelector: selector.trim() } : {}),
              ...(key.trim() ? { dkimPrivateKey: key.trim() } : {}),
            })
              .unwrap()
              .then(onClose)
              .catch(() => {});
          }}
        >
          {error && Object.keys(fields).length === 0 && (
            <Alert severity="error">{failureText(error)}</Alert>
          )}
          <TextField
            label={t('mailDomains.domain')}
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
            error={Boolean(fields.domain)}
            helperText={fields.domain?.[0] ?? t('mailDomains.domainHint')}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <TextField
            label={t('mailDomains.selector')}
            value={selector}
            onChange={(event) => setSelector(event.target.value)}
            error={Boolean(fields.dkimSelector)}
            helperText={fields.dkimSelector?.[0] ?? t('mailDomains.selectorHint')}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <TextField
            label={t('mailDomains.key')}
            value={key}
            onChange={(event) => setKey(event.target.value)}
            multiline
            minRows={3}
            error={Boolean(fields.dkimPrivateKey)}
            helperText={fields.dkimPrivateKey?.[0] ?? t('mailDomains.keyHint')}
            slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('mailDomains.cancel')}</Button>
        <Button type="submit" form="mail-domain-new" variant="contained" disabled={isLoading}>
          {t('mailDomains.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
