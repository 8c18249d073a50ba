'use client';

import { useTransition, type FormEvent, type ReactNode } from 'react';
import { useRouter } from '@/i18n/navigation';
import { cn } from '@/components/ui/cn';

type FilterFormProps = {
  /** Locale-relative path the form navigates to (the page itself). */
  pathname: string;
  /** Parameters kept across a filter change (sort, page size, view …); page is reset to 1 by leaving it out. */
  keep?: Record<string, string | undefined>;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
};

/**
 * A GET form over the page's URL (the server renders from the search params). Without JavaScript it
 * submits natively; with it, selects, checkboxes and dates apply as soon as they change, text on
 * Enter, and empty fields are left out of the URL.
 */
export function FilterForm({ pathname, keep = {}, children, className, ...rest }: FilterFormProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function navigate(form: HTMLFormElement) {
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of new FormData(form)) {
      if (typeof v !== 'string' || v === '') continue;
      const prev = query[k];
      query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    startTransition(() => router.push({ pathname, query }));
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    navigate(e.currentTarget);
  }

  function onChange(e: FormEvent<HTMLFormElement>) {
    const target = e.target as HTMLInputElement | HTMLSelectElement;
    if (target instanceof HTMLInputElement && (target.type === 'text' || target.type === 'search')) return;
    // A date input fires while the user is still typing its parts: wait for a complete, valid date.
    if (target instanceof HTMLInputElement && target.type === 'date' && target.value !== '' && !target.checkValidity()) return;
    navigate(e.currentTarget);
  }

  return (
    <form
      method="get"
      onSubmit={onSubmit}
      onChange={onChange}
      aria-busy={pending}
      aria-label={rest['aria-label']}
      className={cn('transition-opacity', pending && 'opacity-70', className)}
    >
      {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      {children}
    </form>
  );
}
