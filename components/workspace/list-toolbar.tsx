'use client';

import { useId } from 'react';
import { UrlSearchForm } from '@/components/data-table/url-search-form';
import { useUrlState } from '@/components/data-table/url-state';
import { Select } from '@/components/settings/form-controls';
import { Label } from '@/components/ui/input';

type Props = {
  q: string;
  labels: { search: string; apply: string; clear: string };
  /** One filter or sort choice beside the search; a change lands in the URL (page back to 1). */
  select: { name: string; label: string; value: string; options: { value: string; label: string }[] };
};

/** The search and the one select above the Invoices and Tasks lists, on the shared URL search form. */
export function ListToolbar({ q, labels, select }: Props) {
  const { push } = useUrlState();
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3 border-b border-border px-4 py-3">
      <UrlSearchForm q={q} labels={{ ...labels, placeholder: labels.search }} inputClassName="w-64" />
      <div>
        <Label htmlFor={id}>{select.label}</Label>
        <Select
          id={id}
          name={select.name}
          defaultValue={select.value}
          onChange={(e) => push({ [select.name]: e.target.value || null, page: null })}
          className="w-auto"
        >
          {select.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
