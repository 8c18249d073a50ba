'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { Eye } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useState } from 'react';
import { DataTable, type ExportLink } from '@/components/data-table/data-table';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import type { DirectoryUser } from '@/lib/validations/users';
import { DeleteUserButton } from './delete-user-button';
import { UserFieldSelect, type AccessErrorKey } from './user-access-controls';

const col = createColumnHelper<DirectoryUser>();
// Country and phone stay in the column menu (and the export): the row then fits without scrolling sideways.
const DEFAULT_VISIBLE = ['fullName', 'username', 'email', 'role', 'status', 'currentPlan', 'company', 'actions'];

/** The server-paged users list: role and status change in place, view and delete per row. */
export function UsersTable({
  users,
  total,
  page,
  perPage,
  exports,
  toolbar,
  currentUserId,
}: {
  users: DirectoryUser[];
  total: number;
  page: number;
  perPage: number;
  exports: ExportLink[];
  toolbar: React.ReactNode;
  currentUserId: number;
}) {
  const t = useTranslations('access');
  const [error, setError] = useState<AccessErrorKey | null>(null);

  const columns = [
    col.accessor('fullName', {
      id: 'fullName',
      header: t('columns.fullName'),
      meta: { label: t('columns.fullName') },
      cell: (c) => (
        <Link href={`/settings/users/${c.row.original.id}`} className="rounded-sm font-medium text-primary-strong hover:underline">
          {c.getValue() || c.row.original.username}
        </Link>
      ),
    }),
    col.accessor('username', {
      id: 'username',
      header: t('columns.username'),
      meta: { label: t('columns.username') },
      cell: (c) => (
        <span>
          {c.getValue()}
          {c.row.original.id === currentUserId ? (
            <Badge variant="info" className="ml-2">
              {t('row.you')}
            </Badge>
          ) : null}
        </span>
      ),
    }),
    col.accessor('email', { id: 'email', header: t('columns.email'), meta: { label: t('columns.email') } }),
    col.display({
      id: 'role',
      header: t('columns.role'),
      meta: { label: t('columns.role') },
      cell: (c) => <UserFieldSelect user={c.row.original} field="role" compact onError={setError} />,
    }),
    col.display({
      id: 'status',
      header: t('columns.status'),
      meta: { label: t('columns.status') },
      cell: (c) => <UserFieldSelect user={c.row.original} field="status" compact onError={setError} />,
    }),
    col.accessor('currentPlan', {
      id: 'currentPlan',
      header: t('columns.currentPlan'),
      meta: { label: t('columns.currentPlan') },
      cell: (c) => t(`plans.${c.getValue()}`),
    }),
    col.accessor('company', { id: 'company', header: t('columns.company'), meta: { label: t('columns.company') } }),
    col.accessor('country', { id: 'country', header: t('columns.country'), meta: { label: t('columns.country') } }),
    col.accessor('contact', { id: 'contact', header: t('columns.contact'), meta: { label: t('columns.contact') } }),
    col.display({
      id: 'actions',
      header: t('columns.actions'),
      meta: { label: t('columns.actions') },
      cell: (c) => {
        const u = c.row.original;
        const name = u.fullName || u.username;
        return (
          <div className="flex items-center gap-1">
            <Link
              href={`/settings/users/${u.id}`}
              className={buttonClasses({ variant: 'ghost', size: 'icon' })}
              aria-label={t('row.view', { name })}
            >
              <Eye aria-hidden="true" />
            </Link>
            <DeleteUserButton user={u} onError={setError} iconOnly />
          </div>
        );
      },
    }),
  ];

  return (
    <div className="flex flex-col gap-3">
      {error ? (
        <Alert variant={error === 'lastAdmin' ? 'warning' : 'danger'} role="alert" data-testid="access-error">
          {t(`errors.${error}`)}
        </Alert>
      ) : null}
      <DataTable
        data={users}
        columns={columns}
        getRowId={(u) => String(u.id)}
        caption={t('caption')}
        total={total}
        page={page}
        perPage={perPage}
        exports={exports}
        toolbar={toolbar}
        empty={t('empty')}
        defaultVisible={DEFAULT_VISIBLE}
        data-testid="users-table"
      />
    </div>
  );
}
