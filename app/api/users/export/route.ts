import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { iterateDirectoryUsers } from '@/db/queries/user-directory';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse, type ExportColumn } from '@/lib/exports';
import type { DirectoryUser } from '@/lib/validations/users';
import { usersExportQuery } from '@/lib/validations/users';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/**
 * GET /api/users/export?format=csv|xlsx&q=&role=&currentPlan=&status=&locale=en — the WHOLE filtered user
 * list (not one page) in the list's order, with headers and enumerated values in `locale`.
 */
export const GET = withAuth({ scope: 'admin' }, async ({ req }) => {
  const { format, locale, ...filter } = await parseQuery(req, usersExportQuery);
  const t = await getTranslations({ locale, namespace: 'access' });
  const tc = await getTranslations({ locale, namespace: 'common' });
  const text = (id: keyof DirectoryUser & string, value: (u: DirectoryUser) => string, width = 18): ExportColumn<DirectoryUser> => ({
    id,
    header: t(`columns.${id}` as 'columns.fullName'),
    kind: 'text',
    value,
    width,
  });
  const columns: ExportColumn<DirectoryUser>[] = [
    { id: 'id', header: 'ID', kind: 'integer', value: (u) => u.id, width: 8 },
    text('fullName', (u) => u.fullName, 24),
    text('username', (u) => u.username),
    text('email', (u) => u.email, 30),
    text('role', (u) => tc(`roles.${u.role}`), 14),
    text('currentPlan', (u) => t(`plans.${u.currentPlan}`), 14),
    text('status', (u) => t(`statuses.${u.status}`), 12),
    text('company', (u) => u.company, 28),
    text('country', (u) => u.country),
    text('contact', (u) => u.contact),
  ];
  return exportResponse(format, `users-${requestClock().today}`, columns, iterateDirectoryUsers(getDb(), filter), t('export.sheetName'));
});
