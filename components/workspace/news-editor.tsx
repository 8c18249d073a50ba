'use client';

import { Save } from '@/lib/icons';
import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import { FormFooter } from './form-footer';

export type NewsDraft = { title: string; excerpt: string; content: string; tags: string[]; status: 'draft' | 'published' };
type Props = { id: number | null; initial: NewsDraft };
type Field = 'title' | 'excerpt' | 'content' | 'tags' | 'status';

const area =
  'w-full rounded-md border border-border-strong bg-surface px-3.5 py-2 text-[15px] text-heading focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none';

/** Writes a new news article or edits one (admins): title, excerpt, body, tags and status (draft or published). */
export function NewsEditor({ id, initial }: Props) {
  const t = useTranslations('workspace.news.editor');
  const locale = useLocale();
  const router = useRouter();
  const uid = useId();
  const [v, setV] = useState({ ...initial, tags: initial.tags.join(', ') });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!v.title.trim()) next.title = t('required');
    if (!v.content.trim()) next.content = t('required');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const body = {
        title: v.title,
        excerpt: v.excerpt,
        content: v.content,
        status: v.status,
        tags: v.tags
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      };
      const res = await fetch(id === null ? `/api/workspace/news?locale=${locale}` : `/api/workspace/news/${id}?locale=${locale}`, {
        method: id === null ? 'POST' : 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json().catch(() => ({}))) as {
        id?: number;
        status?: string;
        error?: { issues?: { field: string; message: string }[] };
      };
      if (!res.ok || json.id === undefined) {
        const issues: typeof errors = {};
        for (const i of json.error?.issues ?? [])
          issues[(i.field.split('.')[0] as Field) ?? 'form'] ??= t('invalid', { message: i.message });
        setErrors(Object.keys(issues).length ? issues : { form: t('failed') });
        return;
      }
      toast.success(id === null ? t('created') : t('saved'));
      router.push(json.status === 'published' ? `/news/${json.id}` : '/news');
      router.refresh();
    } catch {
      setErrors({ form: t('failed') });
    } finally {
      setBusy(false);
    }
  };

  const fid = (name: Field) => `${uid}-${name}`;
  const aria = (name: Field) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${fid(name)}-error` } : {});
  const err = (name: Field) => (errors[name] ? <FieldError id={`${fid(name)}-error`}>{errors[name]}</FieldError> : null);

  return (
    <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-4" data-testid="news-editor">
      <div>
        <Label htmlFor={fid('title')}>{t('title')}</Label>
        <Input
          id={fid('title')}
          value={v.title}
          maxLength={200}
          onChange={(e) => setV({ ...v, title: e.target.value })}
          {...aria('title')}
        />
        {err('title')}
      </div>
      <div>
        <Label htmlFor={fid('excerpt')}>{t('excerpt')}</Label>
        <textarea
          id={fid('excerpt')}
          className={`${area} min-h-16`}
          value={v.excerpt}
          maxLength={500}
          onChange={(e) => setV({ ...v, excerpt: e.target.value })}
          {...aria('excerpt')}
        />
        {err('excerpt')}
      </div>
      <div>
        <Label htmlFor={fid('content')}>{t('content')}</Label>
        <textarea
          id={fid('content')}
          className={`${area} min-h-64`}
          value={v.content}
          maxLength={20_000}
          onChange={(e) => setV({ ...v, content: e.target.value })}
          aria-describedby={errors.content ? `${fid('content')}-error` : `${fid('content')}-hint`}
          aria-invalid={errors.content ? true : undefined}
        />
        <p id={`${fid('content')}-hint`} className="mt-1 text-[13px]">
          {t('contentHint')}
        </p>
        {err('content')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={fid('tags')}>{t('tags')}</Label>
          <Input
            id={fid('tags')}
            value={v.tags}
            onChange={(e) => setV({ ...v, tags: e.target.value })}
            placeholder={t('tagsHint')}
            {...aria('tags')}
          />
          {err('tags')}
        </div>
        <div>
          <Label htmlFor={fid('status')}>{t('status')}</Label>
          <select
            id={fid('status')}
            className={`${area} h-9.5 py-0`}
            value={v.status}
            onChange={(e) => setV({ ...v, status: e.target.value as NewsDraft['status'] })}
            data-testid="news-status"
          >
            <option value="draft">{t('statuses.draft')}</option>
            <option value="published">{t('statuses.published')}</option>
          </select>
        </div>
      </div>
      <FormFooter error={errors.form} busy={busy} icon={Save} label={id === null ? t('create') : t('save')} testId="news-save" />
    </form>
  );
}
