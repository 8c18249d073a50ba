'use client';

import { Save } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import { FormFooter } from './form-footer';
import { NOTIFICATION_KEYS, SOCIAL_NETWORKS } from '@/lib/validations/account-settings';

export type AccountSettingsValues = {
  general: { username: string; email: string; fullName: string; company: string };
  info: { bio: string; dob: string | null; country: string; website: string; phone: string };
  social: { socialLinks: Record<(typeof SOCIAL_NETWORKS)[number], string> };
  notification: Record<(typeof NOTIFICATION_KEYS)[number], boolean>;
};
export type AccountSettingsSection = keyof AccountSettingsValues;

type Props = { section: AccountSettingsSection; initial: AccountSettingsValues };

const area =
  'min-h-24 w-full rounded-md border border-border-strong bg-surface px-3.5 py-2 text-[15px] text-heading focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none';

/** One section of the user's own account settings; saving sends only that section (PATCH /api/account/settings). */
export function AccountSettingsForm({ section, initial }: Props) {
  const t = useTranslations('workspace.settings');
  const router = useRouter();
  const id = useId();
  const [general, setGeneral] = useState(initial.general);
  const [info, setInfo] = useState({ ...initial.info, dob: initial.info.dob ?? '' });
  const [links, setLinks] = useState(initial.social.socialLinks);
  const [notification, setNotification] = useState(initial.notification);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const body = () => {
    if (section === 'general') return { general: { fullName: general.fullName, company: general.company } };
    if (section === 'info') return { info: { ...info, dob: info.dob || null } };
    if (section === 'social') return { social: { socialLinks: links } };
    return { notification };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const res = await fetch('/api/account/settings', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body()),
      });
      if (res.ok) {
        toast.success(t('saved'));
        router.refresh();
        return;
      }
      const json = (await res.json().catch(() => ({}))) as { error?: { issues?: { field: string; message: string }[] } };
      const next: Record<string, string> = {};
      // The field of an issue is its dotted path (info.website, social.socialLinks.twitter): the last part names the input.
      for (const i of json.error?.issues ?? []) next[i.field.split('.').at(-1) ?? 'form'] ??= t('invalid', { message: i.message });
      setErrors(Object.keys(next).length ? next : { form: t('failed') });
    } catch {
      setErrors({ form: t('failed') });
    } finally {
      setBusy(false);
    }
  };

  const fid = (name: string) => `${id}-${name}`;
  const field = (
    name: string,
    label: string,
    input: (p: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode,
  ) => (
    <div>
      <Label htmlFor={fid(name)}>{label}</Label>
      {input({ id: fid(name), ...(errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${fid(name)}-error` } : {}) })}
      {errors[name] ? <FieldError id={`${fid(name)}-error`}>{errors[name]}</FieldError> : null}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" data-testid={`settings-${section}`}>
      {section === 'general' ? (
        <>
          {field('username', t('username'), (p) => (
            <Input {...p} value={general.username} readOnly disabled />
          ))}
          {field('email', t('email'), (p) => (
            <Input {...p} value={general.email} readOnly disabled />
          ))}
          {field('fullName', t('fullName'), (p) => (
            <Input {...p} value={general.fullName} maxLength={120} onChange={(e) => setGeneral({ ...general, fullName: e.target.value })} />
          ))}
          {field('company', t('company'), (p) => (
            <Input {...p} value={general.company} maxLength={120} onChange={(e) => setGeneral({ ...general, company: e.target.value })} />
          ))}
          <p className="text-[13px] sm:col-span-2">{t('identityHint')}</p>
        </>
      ) : null}
      {section === 'info' ? (
        <>
          <div className="sm:col-span-2">
            {field('bio', t('bio'), (p) => (
              <textarea
                {...p}
                className={area}
                value={info.bio}
                maxLength={1000}
                onChange={(e) => setInfo({ ...info, bio: e.target.value })}
              />
            ))}
          </div>
          {field('dob', t('dob'), (p) => (
            <Input {...p} type="date" value={info.dob} onChange={(e) => setInfo({ ...info, dob: e.target.value })} />
          ))}
          {field('country', t('country'), (p) => (
            <Input {...p} value={info.country} maxLength={80} onChange={(e) => setInfo({ ...info, country: e.target.value })} />
          ))}
          {field('website', t('website'), (p) => (
            <Input
              {...p}
              type="url"
              inputMode="url"
              value={info.website}
              placeholder="https://"
              onChange={(e) => setInfo({ ...info, website: e.target.value })}
            />
          ))}
          {field('phone', t('phone'), (p) => (
            <Input {...p} type="tel" value={info.phone} maxLength={40} onChange={(e) => setInfo({ ...info, phone: e.target.value })} />
          ))}
        </>
      ) : null}
      {section === 'social'
        ? SOCIAL_NETWORKS.map((k) => (
            <div key={k}>
              {field(k, t(`networks.${k}`), (p) => (
                <Input
                  {...p}
                  type="url"
                  inputMode="url"
                  value={links[k]}
                  placeholder="https://"
                  onChange={(e) => setLinks({ ...links, [k]: e.target.value })}
                />
              ))}
            </div>
          ))
        : null}
      {section === 'notification' ? (
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-[13px] font-medium text-heading">{t('notifyMe')}</legend>
          <ul className="flex flex-col gap-2">
            {NOTIFICATION_KEYS.map((k) => (
              <li key={k}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                    checked={notification[k]}
                    onChange={(e) => setNotification({ ...notification, [k]: e.target.checked })}
                    data-testid={`notify-${k}`}
                  />
                  {t(`notifications.${k}`)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <FormFooter error={errors.form} busy={busy} icon={Save} label={t('save')} testId="settings-save" />
    </form>
  );
}
