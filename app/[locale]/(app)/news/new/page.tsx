import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { guardPage } from '@/app/[locale]/prelude';
import { TrailHeader } from '@/components/shell/trail-header';
import { Card } from '@/components/ui/card';
import { NewsEditor } from '@/components/workspace/news-editor';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'workspace.news' });
  return { title: t('newArticle') };
}

/** A new news article in the page's language (admins). */
export default async function NewNewsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('workspace.news');
  const access = await guardPage(locale, { scope: 'admin', title: t('newArticle') });
  if (!access.ok) return access.forbidden;
  return (
    <ClientMessages namespaces={['workspace.news.editor']}>
      <>
        <TrailHeader section={{ nav: 'news', href: '/news' }} trail={[{ label: t('newArticle') }]} title={t('newArticle')} />
        <Card className="min-w-0 p-6">
          <NewsEditor id={null} initial={{ title: '', excerpt: '', content: '', tags: [], status: 'draft' }} />
        </Card>
      </>
    </ClientMessages>
  );
}
