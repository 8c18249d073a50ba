import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { TrailHeader } from '@/components/shell/trail-header';
import { Card } from '@/components/ui/card';
import { NewsEditor } from '@/components/workspace/news-editor';
import { idParam } from '@/lib/validations/common';
import { newsEditScreen } from '@/services/workspace/news-admin';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'workspace.news' });
  return { title: t('editArticle') };
}

/** Edit a news article of the page's language, draft or published (admins); an unknown id is a 404. */
export default async function EditNewsPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('workspace.news');
  const access = await guardPage(locale, { scope: 'admin', title: t('editArticle') });
  if (!access.ok) return access.forbidden;
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  const post = await newsEditScreen(getDb(), locale, id.data);
  if (!post) notFound();
  return (
    <ClientMessages namespaces={['workspace.news.editor']}>
      <>
        <TrailHeader
          section={{ nav: 'news', href: '/news' }}
          trail={[{ label: post.title }, { label: t('editArticle') }]}
          title={t('editArticle')}
        />
        <Card className="min-w-0 p-6">
          <NewsEditor id={post.id} initial={post} />
        </Card>
      </>
    </ClientMessages>
  );
}
