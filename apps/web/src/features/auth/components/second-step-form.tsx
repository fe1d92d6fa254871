import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/plain/alert.tsx';
import { Button } from '../../../components/plain/button.tsx';
import { TextInput } from '../../../components/plain/text-field.tsx';
import { AuthError } from '../utils/auth-error.ts';

export interface SecondStepFormProps {
  /** Sends the code; throws an `AuthError` when the server refuses it. */
  onSubmit(code: { otp: string } | { recoveryCode: string }): Promise<void>;
  /** Back to the password (the first step's token has expired, or another account). */
  onCancel(): void;
}

const SIX_DIGITS = /^\d{6}$/;

/**
 * The second step of a two-factor sign-in: the code of the authenticator app, or a recovery
 * code. Plain components and hand-written checks, like the sign-in form it follows, so the
 * sign-in page still loads neither MUI nor zod (docs/decisions/046-account-and-security.md).
 */
export function SecondStepForm({ onSubmit, onCancel }: SecondStepFormProps) {
  const { t } = useTranslation('auth');
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);

  const check = (text: string) => {
    const code = text.replace(/\s/g, '');
    if (recovery) return code.length >= 10 ? undefined : t('twoFactor.recoveryInvalid');
    return SIX_DIGITS.test(code) ? undefined : t('twoFactor.codeInvalid');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const problem = check(value);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setSubmitting(true);
    setServerError(null);
    const code = value.replace(/\s/g, '');
    try {
      await onSubmit(recovery ? { recoveryCode: code } : { otp: code });
    } catch (failure) {
      const status = failure instanceof AuthError ? failure.status : undefined;
      setServerError(
        status === 429
          ? t('errors.rateLimited')
          : status === 0 || status === undefined
            ? t('errors.network')
            : t('twoFactor.refused'),
      );
      setValue('');
      input.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  const switchKind = () => {
    setRecovery((current) => !current);
    setValue('');
    setError(undefined);
    setServerError(null);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="second-step-title">
      <div className="bk-login__fields">
        <h2 id="second-step-title" className="bk-login__step-title">
          {t('twoFactor.title')}
        </h2>
        <p className="bk-login__step-hint">
          {recovery ? t('twoFactor.recoveryHint') : t('twoFactor.codeHint')}
        </p>
        {serverError && (
          <Alert severity="error" role="alert">
            {serverError}
          </Alert>
        )}
        <TextInput
          key={recovery ? 'recovery' : 'otp'}
          name={recovery ? 'recovery_code' : 'otp'}
          label={recovery ? t('twoFactor.recoveryLabel') : t('twoFactor.codeLabel')}
          autoComplete="one-time-code"
          required
          value={value}
          onChange={(next) => {
            setValue(next);
            if (error) setError(check(next));
          }}
          error={error}
          inputRef={(element) => {
            input.current = element;
            element?.focus();
          }}
        />
        <Button
          type="submit"
          size="large"
          variant="contained"
          fullWidth
          loading={submitting}
          disabled={submitting}
        >
          {t('twoFactor.submit')}
        </Button>
        <div className="bk-login__step-links">
          <Button type="button" variant="text" onClick={switchKind}>
            {recovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
          </Button>
          <Button type="button" variant="text" onClick={onCancel}>
            {t('twoFactor.back')}
          </Button>
        </div>
      </div>
    </form>
  );
}
