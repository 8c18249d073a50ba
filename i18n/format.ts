import 'server-only';
import { getLocale } from 'next-intl/server';
import { localeFormatter, type Formatter } from '@/lib/format';

/**
 * next-intl's getFormatter() for server components and route handlers, with the Intl objects kept for the process
 * (lib/format.ts localeFormatter): the active locale's, or the one given.
 */
export async function getFormatter(opts?: { locale?: string }): Promise<Formatter> {
  return localeFormatter(opts?.locale ?? (await getLocale()));
}
