import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  MAIL_SIGNATURE_MAX,
  mailSecurities,
  type Account,
  type MailSecurity,
  type Mailbox,
  type NewMailbox,
} from '@beacon/contract';
import { PlusIcon } from '../../../components/icons.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiFailure, type ApiFailure } from '../../../lib/api.ts';
import {
  useMemberMailboxesQuery,
  useDeleteMailboxMutation,
  useMailDomainsQuery,
  useNewMailboxMutation,
  usePauseMailboxMutation,
  useReconnectMailboxMutation,
  useResumeMailboxMutation,
  useUpdateMailboxMutation,
} from '../../../lib/mailboxes-api.ts';
import { TrustedSendersCard } from './trusted-senders-card.tsx';

/** The server's words for a failed call, and its per-field messages. */
function failureOf(error: unknown): { message: string; fields: Record<string, string> } | null {
  if (!error) return null;
  if (!isApiFailure(error)) return { message: String(error), fields: {} };
  const failure = error as ApiFailure;
  const fields: Record<string, string> = {};
  for (const [name, messages] of Object.entries(failure.fieldErrors ?? {})) {
    if (messages[0]) fields[name] = messages[0];
  }
  return { message: failure.message, fields };
}

/**
 * Mailboxes: the member's own mailboxes (a Beacon address at a workspace domain, or their own
 * mailbox connected over IMAP and SMTP), each with its display name, signature and sharing; a
 * connected one's sync paused, resumed, or its password given again (record 064). Under them,
 * the member's trusted senders.
 */
export function MailboxesTab({ account, canEdit }: { account: Account; canEdit: boolean }) {
  return (
    <Stack spacing={3}>
      <MailboxesCard account={account} canEdit={canEdit} />
      <TrustedSendersCard />
    </Stack>
  );
}

function MailboxesCard({ account, canEdit }: { account: Account; canEdit: boolean }) {
  const { t } = useTranslation('account');
  const { data, isLoading, error, refetch } = useMemberMailboxesQuery();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Mailbox | null>(null);
  const [deleting, setDeleting] = useState<Mailbox | null>(null);
  const [reconnecting, setReconnecting] = useState<Mailbox | null>(null);
  const own = (data ?? []).filter((m) => m.ownerId === account.id);

  return (
    <Card component="section" aria-labelledby="mailboxes-title" sx={{ p: 3 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, alignItems: { sm: 'flex-start' }, mb: 2.5 }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography id="mailboxes-title" component="h2" variant="h6">
            {t('mailboxes.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('mailboxes.hint')}
          </Typography>
        </Box>
        {canEdit && (
          <Button variant="contained" startIcon={<PlusIcon />} onClick={() => setAdding(true)}>
            {t('mailboxes.add')}
          </Button>
        )}
      </Stack>
      {isLoading && (
        <Stack spacing={1.5} aria-busy>
          <Skeleton variant="rounded" height={88} />
          <Skeleton variant="rounded" height={88} />
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
          {t('mailboxes.failed')} {failureOf(error)?.message}
        </Alert>
      )}
      {data && own.length === 0 && (
        <Box
          sx={{ border: 1, borderColor: 'divider', borderStyle: 'dashed', borderRadius: 2, p: 3 }}
        >
          <Typography sx={{ fontWeight: 600 }}>{t('mailboxes.empty')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {canEdit ? t('mailboxes.emptyHint') : t('mailboxes.viewerHint')}
          </Typography>
        </Box>
      )}
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {own.map((mailbox) => (
          <Box
            component="li"
            key={mailbox.id}
            aria-label={mailbox.address}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
          >
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    <bdi dir="ltr">{mailbox.address}</bdi>
                  </Typography>
                  <Chip size="small" label={t(`mailboxes.kind.${mailbox.kind}`)} />
                  {mailbox.shared && (
                    <Chip size="small" variant="outlined" label={t('mailboxes.sharedChip')} />
                  )}
                  {mailbox.connection && (
                    <Chip
                      size="small"
                      variant="outlined"
                      color={
                        mailbox.connection.syncStatus === 'error'
                          ? 'error'
                          : mailbox.connection.syncStatus === 'paused'
                            ? 'warning'
                            : 'default'
                      }
                      label={t(`mailboxes.sync.${mailbox.connection.syncStatus}`)}
                    />
                  )}
                </Stack>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {mailbox.displayName || t('mailboxes.noDisplayName')}
                </Typography>
                {mailbox.connection?.syncError && (
                  <Typography variant="body2" sx={{ color: 'error.main' }}>
                    {mailbox.connection.syncError}
                  </Typography>
                )}
                {mailbox.connection?.syncStatus === 'paused' && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('mailboxes.pausedNote')}
                  </Typography>
                )}
                {canEdit && mailbox.connection && (
                  <SyncControls mailbox={mailbox} onReconnect={() => setReconnecting(mailbox)} />
                )}
                {mailbox.signature && (
                  <Typography
                    variant="caption"
                    component="p"
                    dir="auto"
                    sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap', mt: 0.5 }}
                  >
                    {mailbox.signature}
                  </Typography>
                )}
              </Box>
              {canEdit && (
                <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
                  <Button
                    variant="outlined"
                    color="inherit"
                    size="small"
                    onClick={() => setEditing(mailbox)}
                    aria-label={t('mailboxes.editOf', { address: mailbox.address })}
                  >
                    {t('mailboxes.edit')}
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    size="small"
                    onClick={() => setDeleting(mailbox)}
                    aria-label={t('mailboxes.deleteOf', { address: mailbox.address })}
                  >
                    {t('mailboxes.delete')}
                  </Button>
                </Stack>
              )}
            </Stack>
          </Box>
        ))}
      </Stack>
      {adding && <AddMailboxDialog onClose={() => setAdding(false)} />}
      {editing && <EditMailboxDialog mailbox={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteMailboxDialog mailbox={deleting} onClose={() => setDeleting(null)} />}
      {reconnecting && (
        <ReconnectDialog mailbox={reconnecting} onClose={() => setReconnecting(null)} />
      )}
    </Card>
  );
}

/**
 * A connected mailbox's sync, steered by its owner: pause, resume, and the password given again
 * when the server refused it (a refused login is never retried on its own: record 058).
 */
function SyncControls({ mailbox, onReconnect }: { mailbox: Mailbox; onReconnect: () => void }) {
  const { t } = useTranslation('account');
  const { enqueueSnackbar } = useSnackbar();
  const [pause, pausing] = usePauseMailboxMutation();
  const [resume, resuming] = useResumeMailboxMutation();
  const status = mailbox.connection?.syncStatus;
  const address = mailbox.address;

  const steer = async (paused: boolean) => {
    try {
      await (paused ? pause(mailbox.id) : resume(mailbox.id)).unwrap();
      enqueueSnackbar(t(paused ? 'mailboxes.pausedDone' : 'mailboxes.resumedDone', { address }), {
        variant: 'success',
      });
    } catch (failure) {
      // A disconnected mailbox (its password erased) resumes only with its password.
      if (!paused && isApiFailure(failure) && failure.code === 'CONFLICT') {
        onReconnect();
        return;
      }
      enqueueSnackbar(failureOf(failure)?.message ?? t('mailboxes.steerFailed'), {
        variant: 'error',
      });
    }
  };

  return (
    <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
      {status === 'paused' ? (
        <Button
          size="small"
          variant="outlined"
          loading={resuming.isLoading}
          aria-label={t('mailboxes.resumeOf', { address })}
          onClick={() => void steer(false)}
        >
          {t('mailboxes.resume')}
        </Button>
      ) : (
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          loading={pausing.isLoading}
          aria-label={t('mailboxes.pauseOf', { address })}
          onClick={() => void steer(true)}
        >
          {t('mailboxes.pause')}
        </Button>
      )}
      <Button
        size="small"
        variant={status === 'error' ? 'contained' : 'text'}
        color={status === 'error' ? 'error' : 'inherit'}
        aria-label={t('mailboxes.reconnectOf', { address })}
        onClick={onReconnect}
      >
        {t('mailboxes.reconnect')}
      </Button>
    </Stack>
  );
}

/** The mailbox's (app) password given again: checked by logging in, then the sync resumes. */
function ReconnectDialog({ mailbox, onClose }: { mailbox: Mailbox; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { enqueueSnackbar } = useSnackbar();
  const [reconnect, { isLoading, error }] = useReconnectMailboxMutation();
  const [password, setPassword] = useState('');
  const failure = failureOf(error);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('mailboxes.reconnectTitle', { address: mailbox.address })}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="mailbox-reconnect"
          spacing={2.5}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!password) return;
            void reconnect({ mailboxId: mailbox.id, password })
              .unwrap()
              .then(() => {
                enqueueSnackbar(t('mailboxes.reconnected', { address: mailbox.address }), {
                  variant: 'success',
                });
                onClose();
              })
              .catch(() => {});
          }}
        >
          <DialogContentText>{t('mailboxes.reconnectText')}</DialogContentText>
          {failure && !failure.fields.password && (
            <Alert severity="error" role="alert">
              {failure.message}
            </Alert>
          )}
          <TextField
            label={t('mailboxes.password')}
            type="password"
            value={password}
            autoFocus
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(failure?.fields.password)}
            helperText={failure?.fields.password ?? t('mailboxes.passwordHint')}
            slotProps={{ htmlInput: { autoComplete: 'new-password', maxLength: 1000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          type="submit"
          form="mailbox-reconnect"
          variant="contained"
          disabled={isLoading || !password}
        >
          {isLoading ? t('mailboxes.testing') : t('mailboxes.reconnectSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function EditMailboxDialog({ mailbox, onClose }: { mailbox: Mailbox; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [update, { isLoading, error }] = useUpdateMailboxMutation();
  const [displayName, setDisplayName] = useState(mailbox.displayName);
  const [signature, setSignature] = useState(mailbox.signature);
  const [shared, setShared] = useState(mailbox.shared);
  const failure = failureOf(error);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('mailboxes.editTitle', { address: mailbox.address })}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="mailbox-edit"
          spacing={2.5}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void update({ mailboxId: mailbox.id, displayName, signature, shared })
              .unwrap()
              .then(onClose)
              .catch(() => {});
          }}
        >
          {failure && !failure.fields.displayName && !failure.fields.signature && (
            <Alert severity="error">{failure.message}</Alert>
          )}
          <TextField
            label={t('mailboxes.displayName')}
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 120 } }}
            error={Boolean(failure?.fields.displayName)}
            helperText={failure?.fields.displayName ?? t('mailboxes.displayNameHint')}
          />
          <TextField
            label={t('mailboxes.signature')}
            value={signature}
            onChange={(event) => setSignature(event.target.value)}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: MAIL_SIGNATURE_MAX, dir: 'auto' } }}
            error={Boolean(failure?.fields.signature)}
            helperText={failure?.fields.signature ?? t('mailboxes.signatureHint')}
          />
          <FormControlLabel
            control={
              <Switch checked={shared} onChange={(event) => setShared(event.target.checked)} />
            }
            label={t('mailboxes.share')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" form="mailbox-edit" variant="contained" disabled={isLoading}>
          {t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteMailboxDialog({ mailbox, onClose }: { mailbox: Mailbox; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [remove, { isLoading, error }] = useDeleteMailboxMutation();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('mailboxes.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('mailboxes.deleteText', { address: mailbox.address })}
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failureOf(error)?.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={isLoading}
          onClick={() =>
            void remove(mailbox.id)
              .unwrap()
              .then(onClose)
              .catch(() => {})
          }
        >
          {t('mailboxes.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface ConnectedForm {
  address: string;
  displayName: string;
  imapHost: string;
  imapPort: string;
  imapSecurity: MailSecurity;
  smtpHost: string;
  smtpPort: string;
  smtpSecurity: MailSecurity;
  username: string;
  password: string;
}

function AddMailboxDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const [kind, setKind] = useState<'beacon' | 'connected'>('beacon');
  const domains = useMailDomainsQuery();
  const [create, { isLoading, error, reset }] = useNewMailboxMutation();
  const [local, setLocal] = useState('');
  const [domain, setDomain] = useState('');
  const [beaconName, setBeaconName] = useState('');
  const [form, setForm] = useState<ConnectedForm>({
    address: '',
    displayName: '',
    imapHost: '',
    imapPort: '993',
    imapSecurity: 'tls',
    smtpHost: '',
    smtpPort: '465',
    smtpSecurity: 'tls',
    username: '',
    password: '',
  });
  const set = (change: Partial<ConnectedForm>) => setForm((f) => ({ ...f, ...change }));
  const failure = failureOf(error);
  const field = (name: string) => failure?.fields[name];
  const chosenDomain = domain || domains.data?.[0]?.domain || '';

  const submit = () => {
    let body: NewMailbox;
    if (kind === 'beacon') {
      body = {
        kind: 'beacon',
        address: `${local.trim()}@${chosenDomain}`,
        displayName: beaconName,
      };
    } else {
      body = {
        kind: 'connected',
        address: form.address.trim(),
        displayName: form.displayName,
        imapHost: form.imapHost.trim(),
        imapPort: Number(form.imapPort),
        imapSecurity: form.imapSecurity,
        smtpHost: form.smtpHost.trim(),
        smtpPort: Number(form.smtpPort),
        smtpSecurity: form.smtpSecurity,
        username: form.username.trim() || form.address.trim(),
        password: form.password,
      };
    }
    void create(body)
      .unwrap()
      .then(onClose)
      .catch(() => {});
  };

  const security = (name: 'imapSecurity' | 'smtpSecurity', label: string) => (
    <TextField
      select
      label={label}
      value={form[name]}
      onChange={(event) => set({ [name]: event.target.value as MailSecurity })}
      sx={{ minWidth: 140 }}
    >
      {mailSecurities.map((s) => (
        <MenuItem key={s} value={s}>
          {t(`mailboxes.security.${s}`)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('mailboxes.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="mailbox-new"
          spacing={2.5}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <ToggleButtonGroup
            exclusive
            value={kind}
            onChange={(_event, next: 'beacon' | 'connected' | null) => {
              if (next) {
                setKind(next);
                reset();
              }
            }}
            aria-label={t('mailboxes.kindLabel')}
            size="small"
          >
            <ToggleButton value="beacon">{t('mailboxes.kind.beacon')}</ToggleButton>
            <ToggleButton value="connected">{t('mailboxes.kind.connected')}</ToggleButton>
          </ToggleButtonGroup>
          {failure && Object.keys(failure.fields).length === 0 && (
            <Alert severity="error" role="alert">
              {failure.message}
            </Alert>
          )}
          {kind === 'beacon' && (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('mailboxes.beaconHint')}
              </Typography>
              {domains.data && domains.data.length === 0 && (
                <Alert severity="info">{t('mailboxes.noDomain')}</Alert>
              )}
              {domains.error && <Alert severity="error">{t('mailboxes.domainsFailed')}</Alert>}
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
                <TextField
                  label={t('mailboxes.localPart')}
                  value={local}
                  onChange={(event) => setLocal(event.target.value)}
                  sx={{ flex: 1 }}
                  error={Boolean(field('address'))}
                  helperText={field('address')}
                  slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'none' } }}
                />
                <TextField
                  select
                  label={t('mailboxes.domain')}
                  value={chosenDomain}
                  onChange={(event) => setDomain(event.target.value)}
                  disabled={!domains.data?.length}
                  sx={{ flex: 1 }}
                >
                  {(domains.data ?? []).map((d) => (
                    <MenuItem key={d.id} value={d.domain}>
                      @{d.domain}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <TextField
                label={t('mailboxes.displayName')}
                value={beaconName}
                onChange={(event) => setBeaconName(event.target.value)}
              />
            </>
          )}
          {kind === 'connected' && (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('mailboxes.connectedHint')}
              </Typography>
              <TextField
                label={t('mailboxes.address')}
                type="email"
                value={form.address}
                onChange={(event) => set({ address: event.target.value })}
                error={Boolean(field('address'))}
                helperText={field('address')}
                slotProps={{ htmlInput: { dir: 'ltr' } }}
              />
              <TextField
                label={t('mailboxes.displayName')}
                value={form.displayName}
                onChange={(event) => set({ displayName: event.target.value })}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
                <TextField
                  label={t('mailboxes.imapHost')}
                  value={form.imapHost}
                  onChange={(event) => set({ imapHost: event.target.value })}
                  sx={{ flex: 1 }}
                  error={Boolean(field('imapHost'))}
                  helperText={field('imapHost')}
                  slotProps={{ htmlInput: { dir: 'ltr' } }}
                />
                <TextField
                  label={t('mailboxes.port')}
                  type="number"
                  value={form.imapPort}
                  onChange={(event) => set({ imapPort: event.target.value })}
                  sx={{ width: { sm: 110 } }}
                  error={Boolean(field('imapPort'))}
                  helperText={field('imapPort')}
                />
                {security('imapSecurity', t('mailboxes.securityLabel'))}
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
                <TextField
                  label={t('mailboxes.smtpHost')}
                  value={form.smtpHost}
                  onChange={(event) => set({ smtpHost: event.target.value })}
                  sx={{ flex: 1 }}
                  error={Boolean(field('smtpHost'))}
                  helperText={field('smtpHost')}
                  slotProps={{ htmlInput: { dir: 'ltr' } }}
                />
                <TextField
                  label={t('mailboxes.port')}
                  type="number"
                  value={form.smtpPort}
                  onChange={(event) => set({ smtpPort: event.target.value })}
                  sx={{ width: { sm: 110 } }}
                  error={Boolean(field('smtpPort'))}
                  helperText={field('smtpPort')}
                />
                {security('smtpSecurity', t('mailboxes.securityLabel'))}
              </Stack>
              <TextField
                label={t('mailboxes.username')}
                value={form.username}
                onChange={(event) => set({ username: event.target.value })}
                helperText={field('username') ?? t('mailboxes.usernameHint')}
                error={Boolean(field('username'))}
                slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off' } }}
              />
              <TextField
                label={t('mailboxes.password')}
                type="password"
                value={form.password}
                onChange={(event) => set({ password: event.target.value })}
                helperText={field('password') ?? t('mailboxes.passwordHint')}
                error={Boolean(field('password'))}
                slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" form="mailbox-new" variant="contained" disabled={isLoading}>
          {isLoading && kind === 'connected' ? t('mailboxes.testing') : t('mailboxes.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
