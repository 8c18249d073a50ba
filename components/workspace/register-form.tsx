'use client';

import { UserPlus } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { authLinkClass } from '@/components/auth/auth-link';
import { Link } from '@/i18n/navigation';

type Field = 'username' | 'email' | 'password' | 'confirm';
type Errors = Partial<Record<Field | 'form', string>>;

/**
 * Self-registration through the documented POST /jwt/register: a new account (a client without permissions until
 * an administrator grants them). The tokens it answers are not kept: the user signs in on the sign-in page.
 */
export function RegisterForm() {
  const t = useTranslations('workspace.register');
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (values.username.trim().length < 3) next.username = t('errors.username');
    if (!/^\S+@\S+\.\S+$/.test(values.email.trim())) next.email = t('errors.email');
    if (values.password.length < 8) next.password = t('errors.password');
    if (values.confirm !== values.password) next.confirm = t('errors.confirm');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const res = await fetch('/api/jwt/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: values.username.trim(), email: values.email.trim(), password: values.password }),
      });
      const json = (await res.json().catch(() => ({}))) as { error?: Record<string, string | null> | { code?: string } };
      if (res.status === 201) {
        setDone(true);
        return;
      }
      if (res.status === 403) setErrors({ form: t('closed') });
      else if (res.status === 429) setErrors({ form: t('errors.rateLimited') });
      else if (json.error && !('code' in json.error)) {
        const fieldErrors = json.error as Record<string, string | null>;
        setErrors({
          ...(fieldErrors.username ? { username: t('errors.usernameTaken') } : {}),
          ...(fieldErrors.email ? { email: fieldErrors.email.includes('in use') ? t('errors.emailTaken') : t('errors.email') } : {}),
          ...(fieldErrors.password ? { password: t('errors.password') } : {}),
        });
      } else setErrors({ form: t('errors.failed') });
    } catch {
      setErrors({ form: t('errors.failed') });
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div role="status" data-testid="register-done">
        <p className="mb-4 text-heading">{t('done')}</p>
        <Link href="/login" className={authLinkClass}>
          {t('signIn')}
        </Link>
      </div>
    );
  }

  const fid = (name: Field) => `${id}-${name}`;
  const input = (name: Field, type: string, autoComplete: string) => (
    <div>
      <Label htmlFor={fid(name)}>{t(`fields.${name}`)}</Label>
      <Input
        id={fid(name)}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${fid(name)}-error` : undefined}
      />
      {errors[name] ? <FieldError id={`${fid(name)}-error`}>{errors[name]}</FieldError> : null}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="register-form">
      {input('username', 'text', 'username')}
      {input('email', 'email', 'email')}
      {input('password', 'password', 'new-password')}
      {input('confirm', 'password', 'new-password')}
      {errors.form ? (
        <p role="alert" className="text-sm text-danger-text">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" disabled={busy} className="w-full" data-testid="register-submit">
        <UserPlus aria-hidden="true" />
        {t('submit')}
      </Button>
      <p className="text-center text-sm">
        {t('haveAccount')}{' '}
        <Link href="/login" className={authLinkClass}>
          {t('signIn')}
        </Link>
      </p>
    </form>
  );
}
