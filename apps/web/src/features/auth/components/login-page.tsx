import './auth.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { Alert } from '../../../components/plain/alert.tsx';
import { Button } from '../../../components/plain/button.tsx';
import { Link } from '../../../components/plain/link.tsx';
import { PasswordInput, TextInput } from '../../../components/plain/text-field.tsx';
import { paths, withQuery } from '../../../utils/paths.ts';
import type { AuthInfo } from '../api/auth-info.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { useReturnTo } from '../hooks/use-return-to.ts';
import { clearAuthNotice, readAuthNotice } from '../utils/auth-notice.ts';
import { authErrorText, fieldErrorText } from '../utils/form-errors.ts';
import { checkLoginForm, type LoginField, type LoginFormCheck } from '../utils/login-form.ts';
import { afterSignInPath } from '../utils/return-to.ts';
import type { LoginFormValues } from '../utils/schemas.ts';
import { AuthHeader } from './auth-header.tsx';
import { DemoCredentials } from './demo-credentials.tsx';
import { SecondStepForm } from './second-step-form.tsx';
import { AuthError } from '../utils/auth-error.ts';

export interface LoginPageProps {
  /** The `-unprotected` variant links to the other unprotected form. */
  unprotected?: boolean;
  /** `GET /api/auth/info`, loaded with the page (null: nothing to show). */
  info?: AuthInfo;
}

const FIELDS: readonly LoginField[] = ['email', 'password'];

/**
 * The sign-in form. It keeps its two fields in React state rather than react-hook-form, and checks
 * them with the contract's rule (`loginFormSchema`), which loads on the first submit: the page
 * itself loads neither zod nor the form library (docs/decisions/017-sign-in-bundle.md). As with the
 * other forms, fields are checked on submit, then again as they change. It is drawn without MUI
 * (plain components and auth.css), so the page loads neither MUI nor Emotion
 * (docs/decisions/018-sign-in-without-mui.md).
 */
export function LoginPage({ unprotected = false, info = null }: LoginPageProps) {
  const { t } = useTranslation('auth');
  const { login, loginSecondStep } = useAuth();
  // Set once the password was right and two-factor sign-in asks for a code.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [serverError, setServerError] = useState<string | null>(null);
  // Read once; cleared after the first render so that it shows for this visit only.
  const [notice] = useState(readAuthNotice);
  useEffect(() => clearAuthNotice(), []);

  const [values, setValues] = useState<LoginFormValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginFormCheck['errors']>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  /** Checks `next` and shows the errors of `fields` (the others keep theirs). */
  const recheck = (next: LoginFormValues, fields: readonly LoginField[]) => {
    checkLoginForm(next).then(
      (check) =>
        setErrors((current) => {
          const merged = { ...current };
          for (const field of fields) merged[field] = check.errors[field];
          return merged;
        }),
      () => undefined,
    );
  };

  const change = (field: LoginField) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) recheck(next, [field]);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      let check: LoginFormCheck;
      try {
        check = await checkLoginForm(values);
      } catch (error) {
        // The rule's code could not be loaded (offline): say so, as a failed call would.
        setServerError(authErrorText(t, error));
        return;
      }
      setSubmitted(true);
      setErrors(check.errors);
      if (!check.data) {
        const first = FIELDS.find((field) => check.errors[field]);
        if (first) inputs.current[first]?.focus();
        return;
      }
      setServerError(null);
      try {
        await login(check.data.email, check.data.password);
        void navigate(afterSignInPath(returnTo), { replace: true });
      } catch (error) {
        if (error instanceof AuthError && error.code === 'MFA_REQUIRED' && error.mfaToken) {
          setMfaToken(error.mfaToken);
          return;
        }
        setServerError(authErrorText(t, error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const fillDemo = () => {
    if (!info?.demo) return;
    const next = { email: info.demo.email, password: info.demo.password };
    setValues(next);
    recheck(next, FIELDS);
  };

  const errorText = (field: LoginField) => {
    const type = errors[field];
    if (!type) return undefined;
    return fieldErrorText(t, field === 'email' ? 'email' : 'currentPassword', { type });
  };

  const registerPath = unprotected ? paths.auth.registerUnprotected : paths.auth.register;

  return (
    <>
      <PageTitle title={t('login.title')} />
      <AuthHeader
        title={t('login.heading')}
        subtitle={
          <>
            {t('login.noAccount')}{' '}
            <Link to={withQuery(registerPath, { returnTo })}>{t('login.createAccount')}</Link>
          </>
        }
      />

      {notice === 'tokenExpired' && (
        <Alert severity="warning" className="bk-login__notice" title={t('notices.tokenExpired')}>
          {t('notices.tokenExpiredHint')}
        </Alert>
      )}
      {notice === 'passwordChanged' && (
        <Alert severity="success" className="bk-login__notice">
          {t('notices.passwordChanged')}
        </Alert>
      )}

      {mfaToken ? (
        <SecondStepForm
          onSubmit={async (code) => {
            await loginSecondStep(mfaToken, code);
            void navigate(afterSignInPath(returnTo), { replace: true });
          }}
          onCancel={() => {
            setMfaToken(null);
            setValues((current) => ({ ...current, password: '' }));
          }}
        />
      ) : (
        <>
          {info?.demo && <DemoCredentials {...info.demo} onUse={fillDemo} />}

          <form noValidate onSubmit={(event) => void onSubmit(event)}>
            <div className="bk-login__fields">
              {serverError && (
                <Alert severity="error" role="alert">
                  {serverError}
                </Alert>
              )}
              <TextInput
                name="email"
                label={t('fields.email')}
                type="email"
                autoComplete="email"
                required
                value={values.email}
                onChange={change('email')}
                error={errorText('email')}
                inputRef={(element) => {
                  inputs.current.email = element;
                }}
              />
              <PasswordInput
                name="password"
                label={t('fields.password')}
                autoComplete="current-password"
                required
                value={values.password}
                onChange={change('password')}
                error={errorText('password')}
                inputRef={(element) => {
                  inputs.current.password = element;
                }}
              />
              <p className="bk-login__forgot">
                <Link plain to={paths.auth.resetPassword}>
                  {t('login.forgotPassword')}
                </Link>
              </p>
              <Button
                type="submit"
                size="large"
                variant="contained"
                fullWidth
                loading={submitting}
                disabled={submitting}
              >
                {t('login.submit')}
              </Button>
            </div>
          </form>
        </>
      )}
    </>
  );
}
