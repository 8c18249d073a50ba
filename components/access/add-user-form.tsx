'use client';

import { UserPlus } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import { addUserBody } from '@/lib/validations/users';
import { AccessSelect } from './access-selects';
import { fieldErrorsOf, readApiError, type FieldErrors } from './api-errors';

const TEXT_FIELDS = [
  { name: 'fullName', type: 'text', autoComplete: 'off', required: true },
  { name: 'username', type: 'text', autoComplete: 'off', required: true },
  { name: 'email', type: 'email', autoComplete: 'off', required: true },
  { name: 'company', type: 'text', autoComplete: 'off', required: false },
  { name: 'country', type: 'text', autoComplete: 'off', required: false },
  { name: 'contact', type: 'tel', autoComplete: 'off', required: false },
] as const;

/** Adds a user: validated here with the endpoint's own schema, then by the server (400 per field, 409 for a taken e-mail or username). */
export function AddUserForm() {
  const t = useTranslations('access');
  const router = useRouter();
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [choice, setChoice] = useState({ role: 'viewer', currentPlan: 'basic', status: 'active' });

  const fieldId = (name: string) => `${formId}-${name}`;
  const errorText = (name: string) => {
    const e = errors[name];
    return e ? t(`fieldErrors.${e.key}`, e.values ?? {}) : null;
  };

  const focusFirstError = (errs: FieldErrors) => {
    const first = Object.keys(errs)[0];
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure(null);
    const data = Object.fromEntries(new FormData(e.currentTarget));
    const parsed = addUserBody.safeParse({ ...data, ...choice });
    if (!parsed.success) {
      const errs = fieldErrorsOf(parsed.error);
      setErrors(errs);
      focusFirstError(errs);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await fetch('/api/apps/users/add-user', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(parsed.data),
      });
      if (res.status === 201) {
        toast.success(t('add.created', { name: parsed.data.fullName }));
        form.current?.reset();
        setOpen(false);
        router.refresh();
        return;
      }
      const error = await readApiError(res);
      const errs: FieldErrors = {};
      for (const issue of error?.issues ?? []) errs[issue.field] ??= { key: res.status === 409 ? 'taken' : 'invalid' };
      setErrors(errs);
      setFailure(res.status === 409 ? t('errors.duplicate') : res.status === 400 ? t('errors.invalid') : t('errors.generic'));
      focusFirstError(errs);
    } catch {
      setFailure(t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} data-testid="add-user-open">
        <UserPlus aria-hidden="true" />
        {t('add.open')}
      </Button>
    );
  }

  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle>{t('add.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form ref={form} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('add.title')}>
          {TEXT_FIELDS.map((f) => {
            const err = errorText(f.name);
            return (
              <div key={f.name}>
                <Label htmlFor={fieldId(f.name)}>{t(`columns.${f.name}`)}</Label>
                <Input
                  id={fieldId(f.name)}
                  name={f.name}
                  type={f.type}
                  autoComplete={f.autoComplete}
                  required={f.required}
                  aria-invalid={err ? true : undefined}
                  aria-describedby={err ? `${fieldId(f.name)}-error` : undefined}
                />
                {err ? <FieldError id={`${fieldId(f.name)}-error`}>{err}</FieldError> : null}
              </div>
            );
          })}
          <div>
            <Label htmlFor={fieldId('password')}>{t('add.password')}</Label>
            <Input
              id={fieldId('password')}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={`${fieldId('password')}-hint${errors.password ? ` ${fieldId('password')}-error` : ''}`}
            />
            <p id={`${fieldId('password')}-hint`} className="mt-1 text-xs">
              {t('add.passwordHint')}
            </p>
            {errors.password ? <FieldError id={`${fieldId('password')}-error`}>{errorText('password')}</FieldError> : null}
          </div>
          <AccessSelect
            id={fieldId('role')}
            kind="role"
            label={t('columns.role')}
            value={choice.role}
            onChange={(v) => setChoice((c) => ({ ...c, role: v }))}
          />
          <AccessSelect
            id={fieldId('currentPlan')}
            kind="currentPlan"
            label={t('columns.currentPlan')}
            value={choice.currentPlan}
            onChange={(v) => setChoice((c) => ({ ...c, currentPlan: v }))}
          />
          <AccessSelect
            id={fieldId('status')}
            kind="status"
            label={t('columns.status')}
            value={choice.status}
            onChange={(v) => setChoice((c) => ({ ...c, status: v }))}
          />
          {failure ? (
            <Alert variant="danger" role="alert" className="sm:col-span-2 lg:col-span-3">
              {failure}
            </Alert>
          ) : null}
          <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
            <Button type="submit" disabled={busy}>
              {t('add.submit')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setOpen(false);
                setErrors({});
                setFailure(null);
              }}
            >
              {t('add.cancel')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
