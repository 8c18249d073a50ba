'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { usePathname, useRouter } from '@/i18n/navigation';

export type ParamPatch = Record<string, string | number | null | undefined>;

/** The current search params with `patch` applied (null, undefined or '' removes a key), as `?a=b` or ''. */
export function applyParams(current: URLSearchParams, patch: ParamPatch): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  const s = next.toString();
  return s ? `?${s}` : '';
}

/**
 * Server-paged table state lives in the URL: `href(patch)` is a locale-relative link to the same page
 * with changed params (for next-intl's Link), `push(patch)` navigates there.
 */
export function useUrlState() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const href = useCallback((patch: ParamPatch) => `${pathname}${applyParams(params, patch)}`, [params, pathname]);
  const push = useCallback(
    (patch: ParamPatch, opts: { replace?: boolean } = {}) => {
      const target = href(patch);
      if (opts.replace) router.replace(target, { scroll: false });
      else router.push(target, { scroll: false });
    },
    [href, router],
  );
  return { params, pathname, href, push };
}
