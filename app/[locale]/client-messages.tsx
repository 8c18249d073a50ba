import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/lib/i18n/pick-messages';

/**
 * The messages the client components below it translate with, and no others: a provider receives
 * its messages in the page's payload, and the whole catalogue is ~59 KB. Every layout and page with
 * client components that translate wraps what it renders in one, listing the namespaces (or dotted
 * parts of one) those components call useTranslations with; a nested provider replaces its parent's
 * messages. tests/unit/client-messages.test.ts fails when a list misses a namespace.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={pickMessages(messages, namespaces)}>{children}</NextIntlClientProvider>;
}
