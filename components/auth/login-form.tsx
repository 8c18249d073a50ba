'use client';

import { Eye, EyeOff, KeyRound, LoaderCircle, TriangleAlert } from '@/lib/icons';
import { signIn } from 'next-auth/react';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { loginErrorOf, type LoginErrorState } from '@/lib/auth/login-error';

export type DemoAccount = { email: string; roleLabel: string };

type LoginFormProps = {
  /** Same-origin path to open after signing in (already checked with safeCallbackPath on the server). */
  callbackPath: string;
  oidcEnabled: boolean;
  /** An error handed back by next-auth in the URL (?error=…). */
  initialError: LoginErrorState | null;
  demoAccounts: DemoAccount[];
  demoPassword: string;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-in form: e-mail and password through next-auth's credentials provider, plus the identity provider when configured. */
export function LoginForm({ callbackPath, oidcEnabled, initialError, demoAccounts, demoPassword }: LoginFormProps) {
  const t = useTranslations('auth');
  const ids = { email: useId(), password: useId(), emailError: useId(), passwordError: useId() };
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ email?: 'emailRequired' | 'emailInvalid'; password?: 'passwordRequired' }>({});
  const [formError, setFormError] = useState<LoginErrorState | null>(initialError);
  const [busy, setBusy] = useState<'credentials' | 'oidc' | null>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const trimmed = email.trim();
    const errors: typeof fieldErrors = {};
    if (!trimmed) errors.email = 'emailRequired';
    else if (!EMAIL.test(trimmed)) errors.email = 'emailInvalid';
    if (!password) errors.password = 'passwordRequired';
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }

    setFormError(null);
    setBusy('credentials');
    try {
      const res = await signIn('credentials', { redirect: false, email: trimmed, password });
      if (res?.ok && !res.error) {
        // A full load: the server renders the shell for the new session.
        window.location.assign(callbackPath);
        return;
      }
      const fromCode = loginErrorOf(res?.error);
      if (fromCode?.error === 'rateLimited') setFormError(fromCode);
      else if (res?.status === 429) setFormError({ error: 'rateLimited', retryAfterSeconds: null });
      else if (res?.status === 401 || res?.error === 'CredentialsSignin')
        setFormError({ error: 'invalidCredentials', retryAfterSeconds: null });
      else setFormError({ error: 'generic', retryAfterSeconds: null });
    } catch {
      setFormError({ error: 'generic', retryAfterSeconds: null });
    }
    setBusy(null);
    passwordRef.current?.select();
  };

  const onOidc = async () => {
    setFormError(null);
    setBusy('oidc');
    try {
      await signIn('oidc', { callbackUrl: callbackPath });
    } catch {
      setFormError({ error: 'oidc', retryAfterSeconds: null });
      setBusy(null);
    }
  };

  const fillDemo = (address: string) => {
    setEmail(address);
    setPassword(demoPassword);
    setFieldErrors({});
    setFormError(null);
    emailRef.current?.focus();
  };

  return (
    <div className="flex flex-col gap-5">
      {formError ? (
        <Alert variant="danger" role="alert" data-testid="login-error">
          <TriangleAlert aria-hidden="true" />
          <span>{loginErrorText(t, formError)}</span>
        </Alert>
      ) : null}

      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy === 'credentials'}>
        <div>
          <Label htmlFor={ids.email}>{t('email')}</Label>
          <Input
            ref={emailRef}
            id={ids.email}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('emailPlaceholder')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? ids.emailError : undefined}
            required
          />
          {fieldErrors.email ? <FieldError id={ids.emailError}>{t(`errors.${fieldErrors.email}`)}</FieldError> : null}
        </div>

        <div>
          <Label htmlFor={ids.password}>{t('password')}</Label>
          <div className="relative">
            <Input
              ref={passwordRef}
              id={ids.password}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={fieldErrors.password ? ids.passwordError : undefined}
              className="pr-11"
              required
            />
            <button
              type="button"
              onClick={() => setShowPassword((v) => !v)}
              aria-pressed={showPassword}
              aria-label={showPassword ? t('hidePassword') : t('showPassword')}
              title={showPassword ? t('hidePassword') : t('showPassword')}
              className="absolute inset-y-0 right-0 flex w-10.5 items-center justify-center rounded-r-md text-body hover:text-heading"
            >
              {showPassword ? <EyeOff className="size-4.5" aria-hidden="true" /> : <Eye className="size-4.5" aria-hidden="true" />}
            </button>
          </div>
          {fieldErrors.password ? <FieldError id={ids.passwordError}>{t(`errors.${fieldErrors.password}`)}</FieldError> : null}
        </div>

        <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy !== null}>
          {busy === 'credentials' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {busy === 'credentials' ? t('submitting') : t('submit')}
        </Button>
      </form>

      {oidcEnabled ? (
        <>
          <div className="flex items-center gap-3 text-[13px]" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            {t('or')}
            <span className="h-px flex-1 bg-border" />
          </div>
          <Button variant="outline" size="lg" className="w-full" data-testid="oidc-signin" onClick={onOidc} disabled={busy !== null}>
            {busy === 'oidc' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
            {busy === 'oidc' ? t('oidcRedirecting') : t('oidc')}
          </Button>
        </>
      ) : null}

      {demoAccounts.length > 0 ? (
        <details className="group rounded-md border border-border bg-page px-4 py-3 text-sm" data-testid="demo-accounts">
          <summary className="cursor-pointer font-medium text-heading marker:text-primary-strong">{t('demo.summary')}</summary>
          <p className="mt-2">{t('demo.intro')}</p>
          <ul className="mt-2 -mx-2 flex flex-col">
            {demoAccounts.map((account) => (
              <li key={account.email}>
                <button
                  type="button"
                  onClick={() => fillDemo(account.email)}
                  className="flex w-full flex-wrap items-baseline gap-x-2 rounded-sm px-2 py-1 text-left hover:bg-primary-soft"
                >
                  <span className="font-mono text-[13px] text-heading">{account.email}</span>
                  <span className="text-[13px]">({account.roleLabel})</span>
                </button>
              </li>
            ))}
          </ul>
          <p className="mt-2">
            {t.rich('demo.password', {
              password: demoPassword,
              code: (chunks) => <code className="font-mono text-[13px] text-heading">{chunks}</code>,
            })}
          </p>
        </details>
      ) : null}
    </div>
  );
}

/** The message of a sign-in error; a rate limit with a known wait says it, in seconds under a minute, else in minutes. */
function loginErrorText(t: ReturnType<typeof useTranslations<'auth'>>, e: LoginErrorState): string {
  if (e.error === 'rateLimited' && e.retryAfterSeconds !== null) {
    return e.retryAfterSeconds < 60
      ? t('errors.rateLimitedSeconds', { seconds: e.retryAfterSeconds })
      : t('errors.rateLimitedMinutes', { minutes: Math.ceil(e.retryAfterSeconds / 60) });
  }
  return t(`errors.${e.error}`);
}
