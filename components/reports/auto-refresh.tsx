'use client';

import { useEffect } from 'react';
import { useRouter } from '@/i18n/navigation';

/** Re-renders the server page every `ms` milliseconds while mounted (a page waiting for a background job). */
export function AutoRefresh({ ms }: { ms: number }) {
  const router = useRouter();
  useEffect(() => {
    const id = setInterval(() => router.refresh(), ms);
    return () => clearInterval(id);
  }, [router, ms]);
  return null;
}
