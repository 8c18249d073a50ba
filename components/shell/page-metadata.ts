import type { Metadata } from 'next';
import { getTranslations } from '@/i18n/translations';
import type { NavPageKey } from '@/lib/navigation';

type PageKey = NavPageKey | 'login' | 'notFound' | 'error';

/** The page's <title>: "<Page> · QUANTUM" (the suffix comes from the locale layout's title template). */
export async function pageMetadata(locale: string, page: PageKey): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'pages' });
  return { title: t(page) };
}

/** `export const generateMetadata = metadataFor('dashboard');` for pages whose title is fixed. */
export function metadataFor(page: PageKey) {
  return async ({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> => {
    const { locale } = await params;
    return pageMetadata(locale, page);
  };
}
