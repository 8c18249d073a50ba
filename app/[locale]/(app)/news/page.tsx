import { MessageSquare, Newspaper, Pencil, Plus } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { z } from 'zod';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { Pagination } from '@/components/portfolio/pagination';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/i18n/navigation';
import { formatIsoDate } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { pageParam, perPageParam } from '@/lib/validations/common';
import { hasScope } from '@/lib/auth/scopes';
import { newsScreen } from '@/services/workspace/content';
import { newsAdminList } from '@/services/workspace/news-admin';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const newsQuery = z.object({ page: pageParam, perPage: perPageParam(6) });

export const generateMetadata = metadataFor('news');

/** News: the published posts, newest first, in pages; each opens its article. */
export default async function NewsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'news');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('workspace.news');
  const format = await getFormatter();
  const { value: q } = parseLenient(newsQuery, await searchParams);
  const db = getDb();
  const screen = await newsScreen(db, locale, q.page, q.perPage);
  // Admins write the news: a new-article button, the drafts of this language and an edit link on each article.
  const isAdmin = hasScope(access.principal.scopes, 'admin');
  const drafts = isAdmin ? (await newsAdminList(db, locale)).filter((p) => p.status === 'draft') : [];

  return (
    <>
      <PageHeader
        page="news"
        description={t('subtitle')}
        actions={
          isAdmin ? (
            <Link href="/news/new" className={buttonClasses()} data-testid="news-new">
              <Plus aria-hidden="true" />
              {t('newArticle')}
            </Link>
          ) : undefined
        }
      />
      {drafts.length > 0 ? (
        <Card className="mb-4 min-w-0 p-4" data-testid="news-drafts">
          <h2 className="mb-2 text-base font-medium text-heading">{t('drafts')}</h2>
          <ul className="divide-y divide-border">
            {drafts.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                <Badge variant="warning">{t('editor.statuses.draft')}</Badge>
                <span className="min-w-0 flex-1 truncate text-heading">{d.title}</span>
                <Link
                  href={`/news/${d.id}/edit`}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                  aria-label={`${t('edit')}: ${d.title}`}
                >
                  <Pencil aria-hidden="true" />
                  {t('edit')}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {screen.total === 0 ? (
        <EmptyState icon={Newspaper} title={t('empty')} />
      ) : (
        <>
          <ul aria-label={t('articleList')} className="mb-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {screen.items.map((post) => (
              <li key={post.id}>
                <Card className="flex h-full min-w-0 flex-col p-4" data-testid="news-card">
                  <h2 className="mb-1 text-base font-medium text-heading">
                    <Link href={`/news/${post.id}`} className="rounded-sm hover:underline focus-visible:underline" data-testid="news-link">
                      {post.title}
                    </Link>
                  </h2>
                  {isAdmin ? (
                    <Link
                      href={`/news/${post.id}/edit`}
                      className="mb-1 self-start text-[13px] text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                      aria-label={`${t('edit')}: ${post.title}`}
                    >
                      {t('edit')}
                    </Link>
                  ) : null}
                  <p className="mb-2 text-[13px]">
                    {t('by', { name: post.userFullName })} ·{' '}
                    <time dateTime={post.blogPosted}>{formatIsoDate(format, post.blogPosted)}</time>
                  </p>
                  <p className="mb-3 line-clamp-3 text-sm">{post.excerpt}</p>
                  <div className="mt-auto flex flex-wrap items-center gap-2">
                    {post.tags.map((tag) => (
                      <Badge key={tag} variant="secondary">
                        {tag}
                      </Badge>
                    ))}
                    <span className="ml-auto inline-flex items-center gap-1 text-[13px]">
                      <MessageSquare className="size-4" aria-hidden="true" />
                      {t('comments', { count: post.comment })}
                    </span>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Card className="min-w-0">
            <Pagination
              pathname="/news"
              queryFor={(p) => ({ page: String(p), perPage: String(q.perPage) })}
              page={screen.page}
              pageCount={screen.pageCount}
              total={screen.total}
              perPage={q.perPage}
            />
          </Card>
        </>
      )}
    </>
  );
}
