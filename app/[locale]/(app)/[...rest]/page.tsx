import { forbidden, notFound } from 'next/navigation';
import { FORBIDDEN_SEGMENT } from '@/lib/middleware/auth-gate';

type Props = { params: Promise<{ rest: string[] }> };

/**
 * Every path under a locale that no page matches renders the localized 404 inside the shell (with status 404). The proxy
 * rewrites a funder page requested without read:funders onto /{locale}/__forbidden: the localized 403, status 403.
 */
export default async function CatchAll({ params }: Props) {
  const { rest } = await params;
  if (rest.length === 1 && rest[0] === FORBIDDEN_SEGMENT) forbidden();
  notFound();
}
