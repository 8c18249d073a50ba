'use client';

import { Search, X } from '@/lib/icons';
import { useId, useState, type FormEvent } from 'react';
import { useUrlState } from '@/components/data-table/url-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type Labels = { search: string; placeholder: string; apply: string; clear: string };

/** The search box of a server-paged table: submitting puts `q` in the URL (page back to 1); Clear removes it. */
export function UrlSearchForm({ q, labels, inputClassName = 'w-72' }: { q: string; labels: Labels; inputClassName?: string }) {
  const { push } = useUrlState();
  const [text, setText] = useState(q);
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    push({ q: text.trim() || null, page: null });
  };

  return (
    <form role="search" onSubmit={submit} className="flex items-end gap-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-[13px] font-medium text-heading">
          {labels.search}
        </label>
        <div className="relative">
          <Input
            id={id}
            type="search"
            name="q"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={labels.placeholder}
            className={`${inputClassName} pr-9`}
          />
          <Search className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-body" aria-hidden="true" />
        </div>
      </div>
      <Button type="submit" variant="secondary">
        {labels.apply}
      </Button>
      {q ? (
        <Button
          variant="ghost"
          onClick={() => {
            setText('');
            push({ q: null, page: null });
          }}
        >
          <X aria-hidden="true" />
          {labels.clear}
        </Button>
      ) : null}
    </form>
  );
}
