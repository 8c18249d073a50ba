'use client';

import { signOut } from 'next-auth/react';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';

type Errors = Partial<Record<'currentPassword' | 'newPassword' | 'confirm' | 'form', string>>;

/** Changes the own password; the server then ends every session, so the user signs in again. */
export function PasswordForm({ locale }: { locale: string }) {
  const t = useTranslations('account.password');
  const id = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    const next: Errors = {};
    if (!currentPassword) next.currentPassword = t('required');
    if (newPassword.length < 8) next.newPassword = t('tooShort');
    if (newPassword !== String(data.get('confirm') ?? '')) next.confirm = t('mismatch');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const res = await fetch('/api/account/password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword, newPassword }),
      });
      if (res.ok) {
        toast.success(t('changed'));
        await signOut({ callbackUrl: `/${locale}/login` });
        return;
      }
      if (res.status === 429) {
        const seconds = Math.max(1, Number(res.headers.get('retry-after')) || 1);
        setErrors({ form: t('tooManyAttempts', { seconds }) });
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: { issues?: { field: string }[] } } | null;
      const field = body?.error?.issues?.[0]?.field;
      setErrors(
        field === 'currentPassword'
          ? { currentPassword: t('wrongCurrent') }
          : field === 'newPassword'
            ? { newPassword: t('tooShort') }
            : { form: t('failed') },
      );
    } catch {
      setErrors({ form: t('failed') });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'currentPassword' | 'newPassword' | 'confirm', autoComplete: string) => (
    <div>
      <Label htmlFor={`${id}-${name}`}>{t(name)}</Label>
      <Input
        id={`${id}-${name}`}
        name={name}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] ? <FieldError id={`${id}-${name}-error`}>{errors[name]}</FieldError> : null}
    </div>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="password-form">
      <p>{t('intro')}</p>
      {field('currentPassword', 'current-password')}
      {field('newPassword', 'new-password')}
      {field('confirm', 'new-password')}
      {errors.form ? <FieldError role="alert">{errors.form}</FieldError> : null}
      <div>
        <Button type="submit" disabled={busy}>
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}
