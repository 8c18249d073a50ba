import { ChevronDown, LifeBuoy, Search } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Highlighted } from '@/components/workspace/highlighted';
import { HelpTopicIndex } from '@/components/help/help-topic-index';
import { Link } from '@/i18n/navigation';
import { anchorOf } from '@/lib/workspace/help-centre';
import { qParam } from '@/lib/validations/common';
import { helpScreen } from '@/services/workspace/content';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = metadataFor('help');

/** Help centre: the guides to the money screens (/help/<topic>), the FAQ by category with a server-side search (question or answer) and the knowledge base by category. */
export default async function HelpPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'help');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('workspace.help');
  const rawQ = (await searchParams).q;
  const parsed = qParam.safeParse(typeof rawQ === 'string' ? rawQ : '');
  const q = parsed.success ? parsed.data : '';
  const screen = await helpScreen(getDb(), locale, q);
  const matches = screen.faq.reduce((n, g) => n + g.qandA.length, 0);

  return (
    <>
      <PageHeader page="help" description={t('subtitle')} />
      <Card className="mb-6 min-w-0 p-4">
        <form role="search" method="get" action={`/${locale}/help`} className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="help-q" className="mb-1 block text-[13px] font-medium text-heading">
              {t('search')}
            </label>
            <div className="relative">
              <Input
                id="help-q"
                type="search"
                name="q"
                defaultValue={q}
                placeholder={t('placeholder')}
                className="w-72 pr-9"
                data-testid="help-search"
              />
              <Search className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-body" aria-hidden="true" />
            </div>
          </div>
          <Button type="submit" variant="secondary">
            {t('apply')}
          </Button>
          {q ? (
            <Link href="/help" className={buttonClasses({ variant: 'ghost' })}>
              {t('clear')}
            </Link>
          ) : null}
        </form>
        {q && matches > 0 ? (
          <p className="mt-3 text-sm" role="status" data-testid="help-results">
            {t('results', { count: matches, q })}
          </p>
        ) : null}
      </Card>

      <HelpTopicIndex />

      <section aria-labelledby="faq-heading" className="mb-6">
        <h2 id="faq-heading" className="mb-3 text-lg font-medium text-heading">
          {t('faq')}
        </h2>
        {screen.faq.length === 0 ? (
          <EmptyState icon={LifeBuoy} title={t('noResults', { q })} data-testid="help-empty">
            <p>{t('noResultsHint')}</p>
          </EmptyState>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {screen.faq.map((group) => (
              <Card key={group.slug} className="min-w-0 p-4" data-testid="faq-group">
                <h3 id={`faq-${group.slug}`} className="text-base font-medium text-heading">
                  {group.title}
                </h3>
                {group.subtitle ? <p className="mb-2 text-sm">{group.subtitle}</p> : null}
                <ul className="divide-y divide-border">
                  {group.qandA.map((entry) => (
                    <li key={entry.question}>
                      <details className="group py-1" data-testid="faq-item">
                        <summary className="flex cursor-pointer list-none items-start justify-between gap-3 rounded-md px-1 py-2 font-medium text-heading focus-visible:outline-2 focus-visible:outline-primary [&::-webkit-details-marker]:hidden">
                          <span>
                            <Highlighted text={entry.question} q={q} />
                          </span>
                          <ChevronDown className="mt-0.5 size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
                        </summary>
                        <p className="px-1 pb-2 text-sm" data-testid="faq-answer">
                          <Highlighted text={entry.ans} q={q} />
                        </p>
                      </details>
                    </li>
                  ))}
                </ul>
              </Card>
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="kb-heading">
        <h2 id="kb-heading" className="mb-3 text-lg font-medium text-heading">
          {t('knowledgeBase')}
        </h2>
        <nav aria-label={t('topics')} className="mb-4 flex flex-wrap gap-2">
          {screen.knowledgeBase.map((g) => (
            <a key={g.category} href={`#kb-${anchorOf(g.category)}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              {g.category}
            </a>
          ))}
        </nav>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {screen.knowledgeBase.map((g) => (
            <Card key={g.category} id={`kb-${anchorOf(g.category)}`} className="min-w-0 scroll-mt-20 p-4" data-testid="kb-category">
              <h3 className="text-base font-medium text-heading">{g.category}</h3>
              <p className="mb-2 text-[13px]">{t('articles', { count: g.items.length })}</p>
              <ul className="space-y-2">
                {g.items.map((a) => (
                  <li key={a.id}>
                    <p className="font-medium text-heading">{a.title}</p>
                    <p className="text-sm">{a.desc}</p>
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </section>
    </>
  );
}
