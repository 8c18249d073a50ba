import type { Metadata } from 'next';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { TrailHeader } from '@/components/shell/trail-header';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { hasScope } from '@/lib/auth/scopes';
import { Card } from '@/components/ui/card';
import { formatIsoDate } from '@/lib/format';
import { idParam } from '@/lib/validations/common';
import { newsArticleScreen } from '@/services/workspace/content';

type Props = { params: Promise<{ locale: string; id: string }> };

/** The article of a request: the metadata and the page read it once between them. */
const articleOf = cache(async (locale: string, id: number) => await newsArticleScreen(getDb(), locale, id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const parsed = idParam.safeParse(id);
  const found = parsed.success ? await articleOf(locale, parsed.data) : undefined;
  const t = await getTranslations({ locale, namespace: 'pages' });
  return { title: found?.blog.title ?? t('news') };
}

/** One news article: title, author and date, the body, tags and comments; an unknown or draft id is a 404 in the shell. */
export default async function NewsArticlePage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'news');
  if (!access.ok) return access.forbidden;
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  const data = await articleOf(locale, id.data);
  if (!data) notFound();

  const t = await getTranslations('workspace.news');
  const format = await getFormatter();
  const { blog } = data;
  return (
    <>
      <TrailHeader
        section={{ nav: 'news', href: '/news' }}
        trail={[{ label: blog.title }]}
        title={blog.title}
        actions={
          hasScope(access.principal.scopes, 'admin') ? (
            <Link href={`/news/${blog.id}/edit`} className={buttonClasses({ variant: 'outline' })} data-testid="news-edit">
              {t('edit')}
            </Link>
          ) : undefined
        }
      />
      <Card className="mb-4 min-w-0 p-5" data-testid="news-article">
        <p className="mb-4 text-[13px]">
          {t('by', { name: blog.userFullName })} · <time dateTime={blog.createdTime}>{formatIsoDate(format, blog.createdTime)}</time>
        </p>
        <div className="max-w-prose space-y-3 text-body">
          {data.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        {blog.tags.length > 0 ? (
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <span className="text-[13px] font-medium text-heading">{t('tags')}</span>
            {blog.tags.map((tag) => (
              <Badge key={tag} variant="secondary">
                {tag}
              </Badge>
            ))}
          </div>
        ) : null}
      </Card>
      <Card className="min-w-0 p-5">
        <h2 className="mb-3 text-lg font-medium text-heading">
          {t('commentsTitle')} <span className="text-sm font-normal">({t('comments', { count: data.comments.length })})</span>
        </h2>
        <ul className="space-y-3">
          {data.comments.map((c, i) => (
            <li key={i} className="border-t border-border pt-3 first:border-0 first:pt-0">
              <p className="text-sm font-medium text-heading">
                {c.userFullName} · <time dateTime={c.commentedAt}>{formatIsoDate(format, c.commentedAt)}</time>
              </p>
              <p className="text-sm">{c.commentText}</p>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
