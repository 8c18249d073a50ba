import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { z } from 'zod';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { ChatApp } from '@/components/workspace/chat-app';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { idParam } from '@/lib/validations/common';
import { chatScreen } from '@/services/workspace/chat';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = metadataFor('chat');

const pageQuery = z.object({ contact: idParam.optional() });

/** Workspace → Chat: the user's chats and contacts, the chosen conversation and a send box; new messages arrive by polling. */
export default async function ChatPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'chat');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('workspace.chat');
  const { value: q } = parseLenient(pageQuery, await searchParams);
  const { open, ...list } = await chatScreen(getDb(), access.principal.user, q.contact ?? null);

  return (
    <ClientMessages namespaces={['workspace.chat']}>
      <>
        <PageHeader page="chat" description={t('subtitle')} />
        <ChatApp initialList={list} openId={open ? open.contact.id : null} initialOpen={open} />
      </>
    </ClientMessages>
  );
}
