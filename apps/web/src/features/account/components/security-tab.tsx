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
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Account, AccountSession } from '@beacon/contract';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { applyServerFieldErrors, fieldErrorMessage } from '../../../utils/form-errors.ts';
import {
  useChangePasswordMutation,
  useNewRecoveryCodesMutation,
  useRevokeOtherSessionsMutation,
  useRevokeSessionMutation,
  useSessionsQuery,
  useTwoFactorDisableMutation,
  useTwoFactorEnableMutation,
  useTwoFactorSetupMutation,
} from '../api/account-api.ts';
import { passwordFormSchema, type PasswordFormValues } from '../utils/account-forms.ts';

/** Security: the password, the signed-in devices and two-factor sign-in. */
export function SecurityTab({ account }: { account: Account }) {
  return (
    <Stack spacing={3}>
      <PasswordCard />
      <TwoFactorCard account={account} />
      <SessionsCard />
    </Stack>
  );
}

/** A chip that says "on": dark green text on light green, readable in both modes. */
const ON_CHIP = { bgcolor: 'success.lighter', color: 'success.darker', fontWeight: 600 } as const;

function SectionHeading({ title, hint }: { title: string; hint: string }) {
  return (
    <Box sx={{ mb: 2.5 }}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {hint}
      </Typography>
    </Box>
  );
}

const EMPTY_PASSWORDS: PasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

function PasswordCard() {
  const { t } = useTranslation('account');
  const { enqueueSnackbar } = useSnackbar();
  const [change, { isLoading, error }] = useChangePasswordMutation();
  const { control, handleSubmit, reset, setError } = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: EMPTY_PASSWORDS,
  });
  const errorText = (error: Parameters<typeof fieldErrorMessage>[1]) =>
    fieldErrorMessage(t, error, {
      too_small: 'account:password.tooShort',
      custom: 'account:password.mismatch',
    });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change({ currentPassword, newPassword }).unwrap();
      reset(EMPTY_PASSWORDS);
      enqueueSnackbar(t('password.changed'));
    } catch (failure) {
      if (isApiFailure(failure)) {
        applyServerFieldErrors(setError, failure, ['currentPassword', 'newPassword']);
      }
    }
  });

  return (
    <Card component="section" aria-labelledby="password-title" sx={{ p: 3 }}>
      <Box id="password-title">
        <SectionHeading title={t('password.title')} hint={t('password.hint')} />
      </Box>
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        spacing={2.5}
        sx={{ maxWidth: 520 }}
      >
        {error && !(isApiFailure(error) && error.fieldErrors) && (
          <Alert severity="error">{areaErrorText(t, 'account', error)}</Alert>
        )}
        <FormTextField
          name="currentPassword"
          control={control}
          type="password"
          label={t('password.current')}
          autoComplete="current-password"
          required
          errorText={(e) =>
            e.type === 'too_small' ? t('common:validation.required') : errorText(e)
          }
        />
        <FormTextField
          name="newPassword"
          control={control}
          type="password"
          label={t('password.new')}
          autoComplete="new-password"
          required
          helperText={t('password.newHint')}
          errorText={errorText}
        />
        <FormTextField
          name="confirmPassword"
          control={control}
          type="password"
          label={t('password.confirm')}
          autoComplete="new-password"
          required
          errorText={errorText}
        />
        <Box>
          <Button type="submit" variant="contained" loading={isLoading}>
            {t('password.submit')}
          </Button>
        </Box>
      </Stack>
    </Card>
  );
}

function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'cn' ? 'zh-Hans' : language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

function SessionsCard() {
  const { t, i18n } = useTranslation('account');
  const { enqueueSnackbar } = useSnackbar();
  const { data, isLoading, error, refetch } = useSessionsQuery();
  const [revoke, revoking] = useRevokeSessionMutation();
  const [revokeOthers, revokingOthers] = useRevokeOtherSessionsMutation();
  const others = data?.items.filter((session) => !session.current) ?? [];

  const signOut = async (session: AccountSession) => {
    try {
      await revoke(session.id).unwrap();
      enqueueSnackbar(t('sessions.signedOut'));
    } catch (failure) {
      enqueueSnackbar(areaErrorText(t, 'account', failure), { variant: 'error' });
    }
  };
  const signOutOthers = async () => {
    try {
      const { revoked } = await revokeOthers().unwrap();
      enqueueSnackbar(t('sessions.signedOutOthers', { count: revoked }));
    } catch (failure) {
      enqueueSnackbar(areaErrorText(t, 'account', failure), { variant: 'error' });
    }
  };

  return (
    <Card component="section" aria-labelledby="sessions-title" sx={{ p: 3 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box id="sessions-title">
          <SectionHeading title={t('sessions.title')} hint={t('sessions.hint')} />
        </Box>
        <Button
          variant="outlined"
          color="error"
          disabled={others.length === 0}
          loading={revokingOthers.isLoading}
          onClick={() => void signOutOthers()}
          sx={{ flexShrink: 0 }}
        >
          {t('sessions.signOutOthers')}
        </Button>
      </Stack>
      {isLoading && (
        <Stack spacing={1.5} aria-busy>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={64} />
          ))}
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
          {areaErrorText(t, 'account', error)}
        </Alert>
      )}
      {data && (
        <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ p: 0, m: 0 }}>
          {data.items.map((session) => (
            <Stack
              component="li"
              key={session.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ py: 2, listStyle: 'none', alignItems: { sm: 'center' } }}
            >
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle2">
                    {[session.browser, session.os].filter(Boolean).join(' · ') ||
                      t('sessions.unknownDevice')}
                  </Typography>
                  {session.deviceType && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t(`sessions.types.${session.deviceType}`, {
                        defaultValue: session.deviceType,
                      })}
                    />
                  )}
                  {session.current && (
                    <Chip size="small" sx={ON_CHIP} label={t('sessions.thisDevice')} />
                  )}
                </Stack>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  <bdi dir="ltr">{session.ip ?? '—'}</bdi> ·{' '}
                  {t('sessions.signedIn', { when: formatWhen(session.createdAt, i18n.language) })} ·{' '}
                  {t('sessions.lastUsed', { when: formatWhen(session.lastUsedAt, i18n.language) })}
                </Typography>
              </Box>
              {!session.current && (
                <Button
                  size="small"
                  color="error"
                  disabled={revoking.isLoading}
                  onClick={() => void signOut(session)}
                  aria-label={t('sessions.signOutOne', {
                    device: session.browser ?? t('sessions.unknownDevice'),
                  })}
                >
                  {t('sessions.signOut')}
                </Button>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {data && others.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('sessions.onlyThis')}
        </Typography>
      )}
    </Card>
  );
}

/** The recovery codes, shown once, to copy or download. */
function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { t } = useTranslation('account');
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'beacon-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="codes-title" maxWidth="xs" fullWidth>
      <DialogTitle id="codes-title">{t('twoFactor.codesTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('twoFactor.codesHint')}
        </Typography>
        <Box
          component="ul"
          dir="ltr"
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gap: 1,
            p: 2,
            m: 0,
            listStyle: 'none',
            fontFamily: 'monospace',
            fontSize: 15,
            bgcolor: 'background.neutral',
            borderRadius: 1,
          }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(text)}>
          {t('twoFactor.copy')}
        </Button>
        <Button onClick={download}>{t('twoFactor.download')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('twoFactor.saved')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks for the password before turning two-factor sign-in off or renewing the codes. */
function PasswordDialog({
  title,
  confirm,
  onConfirm,
  onClose,
}: {
  title: string;
  confirm: string;
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!password) {
      setProblem(t('common:validation.required'));
      return;
    }
    setBusy(true);
    try {
      await onConfirm(password);
    } catch (failure) {
      setProblem(
        isApiFailure(failure) && failure.fieldErrors?.password
          ? t('twoFactor.wrongPassword')
          : areaErrorText(t, 'account', failure),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="password-dialog-title" maxWidth="xs" fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="password-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            type="password"
            name="password"
            autoComplete="current-password"
            label={t('password.current')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(problem)}
            helperText={problem}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={busy}>
            {confirm}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function TwoFactorCard({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const { enqueueSnackbar } = useSnackbar();
  const [setup, setupState] = useTwoFactorSetupMutation();
  const [enable, enableState] = useTwoFactorEnableMutation();
  const [disable] = useTwoFactorDisableMutation();
  const [renew] = useNewRecoveryCodesMutation();
  const [code, setCode] = useState('');
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<'disable' | 'renew' | null>(null);
  const pending = setupState.data && !account.twoFactorEnabled ? setupState.data : null;

  const confirmCode = async () => {
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeProblem(t('twoFactor.codeInvalid'));
      return;
    }
    try {
      const { recoveryCodes } = await enable(code.trim()).unwrap();
      setCodes(recoveryCodes);
      setCode('');
      setCodeProblem(null);
      setupState.reset();
      enqueueSnackbar(t('twoFactor.enabled'));
    } catch (failure) {
      setCodeProblem(
        isApiFailure(failure) && failure.code === 'INVALID_CODE'
          ? t('twoFactor.codeWrong')
          : areaErrorText(t, 'account', failure),
      );
    }
  };

  return (
    <Card component="section" aria-labelledby="two-factor-title" sx={{ p: 3 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box id="two-factor-title" sx={{ flexGrow: 1 }}>
          <SectionHeading title={t('twoFactor.title')} hint={t('twoFactor.hint')} />
        </Box>
        <Chip
          sx={account.twoFactorEnabled ? ON_CHIP : undefined}
          label={account.twoFactorEnabled ? t('twoFactor.on') : t('twoFactor.off')}
        />
      </Stack>

      {account.twoFactorEnabled ? (
        <Stack spacing={2}>
          <Typography variant="body2">
            {t('twoFactor.codesLeft', { count: account.recoveryCodesLeft })}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', gap: 1.5 }}>
            <Button variant="outlined" onClick={() => setAsking('renew')}>
              {t('twoFactor.renew')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setAsking('disable')}>
              {t('twoFactor.turnOff')}
            </Button>
          </Stack>
        </Stack>
      ) : pending ? (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
            alignItems: 'start',
          }}
        >
          <Box
            component="img"
            src={pending.qrCode}
            alt={t('twoFactor.qrAlt')}
            sx={{ width: 200, height: 200, bgcolor: '#fff', borderRadius: 1, p: 1 }}
          />
          <Stack spacing={2}>
            <Typography variant="body2">{t('twoFactor.scan')}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('twoFactor.manual')}{' '}
              <Box
                component="code"
                dir="ltr"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all', color: 'text.primary' }}
              >
                {pending.secret}
              </Box>
            </Typography>
            <Box
              component="form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void confirmCode();
              }}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
            >
              <TextField
                name="code"
                label={t('twoFactor.codeLabel')}
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={Boolean(codeProblem)}
                helperText={codeProblem}
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 6 } }}
                sx={{ width: 200 }}
              />
              <Button
                type="submit"
                variant="contained"
                loading={enableState.isLoading}
                sx={{ mt: 1 }}
              >
                {t('twoFactor.confirm')}
              </Button>
            </Box>
          </Stack>
        </Box>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {setupState.error && (
            <Alert severity="error">{areaErrorText(t, 'account', setupState.error)}</Alert>
          )}
          <Button variant="contained" loading={setupState.isLoading} onClick={() => void setup()}>
            {t('twoFactor.turnOn')}
          </Button>
        </Stack>
      )}

      {codes && <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />}
      {asking === 'disable' && (
        <PasswordDialog
          title={t('twoFactor.turnOffTitle')}
          confirm={t('twoFactor.turnOff')}
          onClose={() => setAsking(null)}
          onConfirm={async (password) => {
            await disable(password).unwrap();
            setAsking(null);
            enqueueSnackbar(t('twoFactor.disabled'));
          }}
        />
      )}
      {asking === 'renew' && (
        <PasswordDialog
          title={t('twoFactor.renewTitle')}
          confirm={t('twoFactor.renew')}
          onClose={() => setAsking(null)}
          onConfirm={async (password) => {
            const { recoveryCodes } = await renew(password).unwrap();
            setAsking(null);
            setCodes(recoveryCodes);
          }}
        />
      )}
    </Card>
  );
}
