import { CheckCircle2, ListTodo, Star, Trash2 } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { z } from 'zod';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { ListToolbar } from '@/components/workspace/list-toolbar';
import { TaskAddButton } from '@/components/workspace/task-form';
import { TaskList } from '@/components/workspace/task-list';
import { Link } from '@/i18n/navigation';
import { hasScope } from '@/lib/auth/scopes';
import { TASK_TAGS } from '@/lib/domain/enums';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { TASK_SORTS, tasksQuery } from '@/lib/validations/apps';
import { idParam, isoDateParam } from '@/lib/validations/common';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { tasksScreen } from '@/services/workspace/tasks';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = metadataFor('tasks');

/** The list's filters plus the follow-up prefill: `?new=1&title=…&leaseId=…|lesseeId=…&dueDate=…` opens the add form. */
const pageQuery = tasksQuery.extend({
  new: z.literal('1').optional(),
  title: z.string().trim().max(200).optional(),
  leaseId: idParam.optional(),
  lesseeId: idParam.optional(),
  dueDate: isoDateParam.optional(),
});

const FILTERS = [
  { key: undefined, icon: ListTodo, label: 'all' },
  { key: 'important', icon: Star, label: 'important' },
  { key: 'completed', icon: CheckCircle2, label: 'completed' },
  { key: 'deleted', icon: Trash2, label: 'deleted' },
] as const;

/** Workspace → Tasks: filters, tags, search and sort; add, edit, complete, star, delete and restore; follow-ups linked to the book. */
export default async function TasksPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'tasks');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('workspace.tasks');
  const { value: q } = parseLenient(pageQuery, await searchParams);
  const canReadBook = hasScope(access.principal.scopes, 'read:funders');
  const db = getDb();
  const prefill = q.new === '1';
  const leaseId = prefill && canReadBook ? (q.leaseId ?? null) : null;
  const lesseeId = prefill && canReadBook && !leaseId ? (q.lesseeId ?? null) : null;
  const funder = canReadBook ? await getActiveFunder(db, access.principal) : null;
  const screen = await tasksScreen(db, access.principal.user.id, q, funder?.id ?? null, { leaseId, lesseeId });
  const linkLabel = leaseId
    ? t('linkLease', { name: screen.prefillName ?? `#${leaseId}` })
    : lesseeId
      ? t('linkLessee', { name: screen.prefillName ?? `#${lesseeId}` })
      : null;

  return (
    <ClientMessages namespaces={['workspace.tasks']}>
      <>
        <PageHeader
          page="tasks"
          description={t('subtitle')}
          actions={
            <TaskAddButton
              initial={{
                title: q.title ?? '',
                dueDate: q.dueDate ?? null,
                description: '',
                tags: [],
                isImportant: false,
                leaseId,
                lesseeId,
              }}
              openOnLoad={prefill}
              linkLabel={linkLabel}
            />
          }
        />
        <div className="grid items-start gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
          <Card className="p-3">
            <nav aria-label={t('filters')}>
              <ul className="flex flex-col gap-0.5">
                {FILTERS.map(({ key, icon: Icon, label }) => {
                  const active = q.filter === key && !q.tag;
                  return (
                    <li key={label}>
                      <Link
                        href={{ pathname: '/tasks', query: key ? { filter: key } : {} }}
                        aria-current={active ? 'page' : undefined}
                        className={cn(
                          'flex h-9 items-center gap-2 rounded-md px-3 text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary',
                          active && 'bg-primary-soft font-medium text-primary-strong',
                        )}
                      >
                        <Icon className="size-4" aria-hidden="true" />
                        {t(`filterNames.${label}`)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
              <h2 className="mt-4 mb-1 px-3 text-[13px] font-medium tracking-wide text-heading uppercase">{t('tags')}</h2>
              <ul className="flex flex-col gap-0.5">
                {TASK_TAGS.map((tag) => (
                  <li key={tag}>
                    <Link
                      href={{ pathname: '/tasks', query: { tag } }}
                      aria-current={q.tag === tag ? 'page' : undefined}
                      className={cn(
                        'flex h-8 items-center rounded-md px-3 text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary',
                        q.tag === tag && 'bg-primary-soft font-medium text-primary-strong',
                      )}
                    >
                      {t(`tagNames.${tag}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </Card>
          <Card className="min-w-0">
            <ListToolbar
              q={q.q ?? ''}
              labels={{ search: t('search'), apply: t('apply'), clear: t('clear') }}
              select={{
                name: 'sortBy',
                label: t('sort'),
                value: q.sortBy,
                options: TASK_SORTS.map((s) => ({ value: s, label: t(`sortNames.${s}`) })),
              }}
            />
            {screen.tasks.length === 0 ? (
              <EmptyState icon={ListTodo} title={t('empty')} className="m-4" />
            ) : (
              <TaskList tasks={screen.tasks} links={screen.links} canReadBook={canReadBook} />
            )}
            <p className="border-t border-border px-4 py-2 text-[13px]">{t('count', { count: screen.total })}</p>
          </Card>
        </div>
      </>
    </ClientMessages>
  );
}
