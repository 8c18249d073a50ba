import { ArrowDown, ArrowUp, ArrowUpDown } from '@/lib/icons';
import { Link } from '@/i18n/navigation';

/** A sortable column header: a link to the same page sorted by `sort` (toggling the direction when it is already the sort). */
export function SortLink({
  pathname,
  query,
  sort,
  current,
  dir,
  label,
  defaultDir = 'desc',
}: {
  pathname: string;
  query: Record<string, string>;
  sort: string;
  current: string;
  dir: 'asc' | 'desc';
  label: string;
  defaultDir?: 'asc' | 'desc';
}) {
  const active = current === sort;
  const nextDir = active ? (dir === 'asc' ? 'desc' : 'asc') : defaultDir;
  const Icon = active ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  const q = { ...query, sort, dir: nextDir };
  delete (q as Record<string, string>).page;
  return (
    <Link href={{ pathname, query: q }} className="inline-flex items-center gap-1 hover:text-primary-strong focus-visible:underline">
      {label}
      <Icon className="size-3.5" aria-hidden="true" />
    </Link>
  );
}

/** aria-sort value of a header. */
export function ariaSort(sort: string, current: string, dir: 'asc' | 'desc'): 'ascending' | 'descending' | undefined {
  return sort === current ? (dir === 'asc' ? 'ascending' : 'descending') : undefined;
}
