import { HEAD_CELLS, ROW_RULES, STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';
import { useTranslations } from '@/i18n/use-translations';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Link } from '@/i18n/navigation';
import { AUDIT_ENTITIES } from '@/lib/validations/access';

export type AuditTableRow = {
  id: number;
  at: number;
  userEmail: string;
  funderId: number | null;
  entity: string;
  entityId: string;
  action: string;
  before: unknown;
  after: unknown;
  /** The row in the viewer's words: services/audit/trail.ts describeAuditEntry, the export's formatter too. */
  text: { at: string; entity: string; action: string; changes: { line: string }[] };
};

/** Changes shown per row; the export has them all. */
const SHOWN_CHANGES = 12;

type Filter = { userId?: number; entity?: string; from?: string; to?: string };

/** The audit trail: filters (a plain GET form), one page of rows, paging and export links. */
export function AuditTable({
  rows,
  total,
  page,
  perPage,
  filter,
  users,
  exports,
  compact,
}: {
  rows: AuditTableRow[];
  total: number;
  page: number;
  perPage: number;
  filter?: Filter;
  users?: { id: number; email: string }[];
  exports?: { format: string; label: string; href: string }[];
  /** The lease page's history: no filters, no paging. */
  compact?: boolean;
}) {
  const t = useTranslations('access.audit');
  const pages = Math.max(1, Math.ceil(total / perPage));
  const pageHref = (p: number) => {
    const q = new URLSearchParams();
    if (filter?.userId) q.set('userId', String(filter.userId));
    if (filter?.entity) q.set('entity', filter.entity);
    if (filter?.from) q.set('from', filter.from);
    if (filter?.to) q.set('to', filter.to);
    q.set('page', String(p));
    return `/settings/audit?${q.toString()}`;
  };
  const body = (
    <div className="flex flex-col gap-3">
      {compact ? null : (
        <form method="get" className="flex flex-wrap items-end gap-3" data-testid="audit-filter">
          <div>
            <Label htmlFor="audit-user">{t('filters.user')}</Label>
            <select
              id="audit-user"
              name="userId"
              defaultValue={filter?.userId ?? ''}
              className="h-9 rounded-md border border-border bg-white px-2 text-sm"
            >
              <option value="">{t('filters.all')}</option>
              {users?.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.email}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor="audit-entity">{t('filters.entity')}</Label>
            <select
              id="audit-entity"
              name="entity"
              defaultValue={filter?.entity ?? ''}
              className="h-9 rounded-md border border-border bg-white px-2 text-sm"
            >
              <option value="">{t('filters.all')}</option>
              {AUDIT_ENTITIES.map((e) => (
                <option key={e} value={e}>
                  {t(`entities.${e}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor="audit-from">{t('filters.from')}</Label>
            <Input id="audit-from" type="date" name="from" defaultValue={filter?.from ?? ''} />
          </div>
          <div>
            <Label htmlFor="audit-to">{t('filters.to')}</Label>
            <Input id="audit-to" type="date" name="to" defaultValue={filter?.to ?? ''} />
          </div>
          <button type="submit" className={buttonClasses({ variant: 'primary' })}>
            {t('filters.apply')}
          </button>
          {exports?.map((x) => (
            <a key={x.format} href={x.href} className={buttonClasses({ variant: 'outline' })} download>
              {x.label}
            </a>
          ))}
        </form>
      )}
      {rows.length === 0 ? (
        <p className="text-sm">{t('empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={`w-full text-left text-[13px] ${STICKY_FIRST_COLUMN} ${ROW_RULES}`} data-testid="audit-table">
            <thead className={`sticky top-0 z-10 ${HEAD_CELLS}`}>
              <tr>
                <th className="px-2 py-1.5 font-medium">{t('columns.at')}</th>
                <th className="px-2 py-1.5 font-medium">{t('columns.userEmail')}</th>
                {compact ? null : <th className="px-2 py-1.5 font-medium">{t('columns.entity')}</th>}
                {compact ? null : <th className="px-2 py-1.5 text-right font-medium">{t('columns.entityId')}</th>}
                <th className="px-2 py-1.5 font-medium">{t('columns.action')}</th>
                <th className="px-2 py-1.5 font-medium">{t('changes')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="h-8 align-top">
                  <td className="whitespace-nowrap px-2 py-1.5 tabular-nums">{r.text.at}</td>
                  <td className="px-2 py-1.5">{r.userEmail || '—'}</td>
                  {compact ? null : <td className="px-2 py-1.5">{r.text.entity}</td>}
                  {compact ? null : <td className="px-2 py-1.5 text-right tabular-nums">{r.entityId}</td>}
                  <td className="px-2 py-1.5" data-action={r.action}>
                    {r.text.action}
                  </td>
                  <td className="px-2 py-1.5">
                    {r.text.changes.slice(0, SHOWN_CHANGES).map((c, i) => (
                      <div key={i} className="break-words">
                        {c.line}
                      </div>
                    ))}
                    {r.text.changes.length > SHOWN_CHANGES ? (
                      <div className="text-body">{t('moreChanges', { count: r.text.changes.length - SHOWN_CHANGES })}</div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {compact || pages <= 1 ? null : (
        <nav className="flex items-center gap-2 text-sm" aria-label={t('paging')}>
          {page > 1 ? (
            <Link href={pageHref(page - 1)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              {t('previous')}
            </Link>
          ) : null}
          <span>{t('pageOf', { page, pages, total })}</span>
          {page < pages ? (
            <Link href={pageHref(page + 1)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              {t('next')}
            </Link>
          ) : null}
        </nav>
      )}
    </div>
  );
  // The lease page puts it in its own card.
  return compact ? (
    body
  ) : (
    <Card>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
