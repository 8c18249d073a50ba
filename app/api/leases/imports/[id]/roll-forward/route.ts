import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { exportResponse, type ExportColumn } from '@/lib/exports';
import { rollForwardQuery, type rollForwardRow } from '@/lib/validations/imports';
import { parseQuery, withAuth } from '@/services/api/handler';
import { readImport } from '@/services/imports/service';
import { iterateRollForward, rollForwardPage } from '@/services/imports/roll-forward';
import { importIdOf } from '@/services/imports/views';
import type { z } from 'zod';

export const dynamic = 'force-dynamic';

type Row = z.infer<typeof rollForwardRow>;

/**
 * GET /api/leases/imports/{id}/roll-forward — the tape rolled forward against the previous committed tape of its
 * source (domain.md §7), per lease: previous balance − scheduled principal − charged off = expected, against this
 * tape's balance; the summary reconciles the totals per currency. Paged and filterable by kind and "undecided only";
 * `format=csv|xlsx` downloads every row (amounts as decimals of the currency, headers in `locale`).
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const q = await parseQuery(req, rollForwardQuery);
  const db = getDb();
  const id = importIdOf(params);
  const filter = { kind: q.kind, undecided: q.undecided === undefined ? undefined : q.undecided === 'true' };
  if (!q.format) return Response.json(await rollForwardPage(db, q.funderId, id, { ...filter, page: q.page, perPage: q.perPage }));

  // The rows stream after the headers are sent: an unknown import is refused before.
  await readImport(db, q.funderId, id);
  const tr = await getTranslations({ locale: q.locale, namespace: 'tapeImport' });
  const t = (key: string) => tr(key as never);
  const money = (key: string, value: (r: Row) => number | null): ExportColumn<Row> => ({
    id: key,
    header: t(`rollForward.columns.${key}`),
    kind: 'money',
    value,
    currency: (r) => r.currency,
  });
  const columns: ExportColumn<Row>[] = [
    { id: 'contractNumber', header: t('rollForward.columns.contractNumber'), kind: 'text', value: (r) => r.contractNumber },
    { id: 'kind', header: t('rollForward.columns.kind'), kind: 'text', value: (r) => t(`rollForward.kinds.${r.kind}`) },
    { id: 'currency', header: t('rollForward.columns.currency'), kind: 'text', value: (r) => r.currency },
    money('previousBalance', (r) => r.previousBalance),
    money('scheduled', (r) => r.scheduled),
    money('chargedOff', (r) => r.chargedOff),
    money('expected', (r) => r.expected),
    money('balance', (r) => r.balance),
    money('difference', (r) => r.difference),
    {
      id: 'decision',
      header: t('rollForward.columns.decision'),
      kind: 'text',
      value: (r) =>
        r.decision ? t(`rollForward.decisions.${r.decision}`) : r.kind === 'break' ? t('rollForward.decisions.undecided') : '',
    },
    { id: 'note', header: t('rollForward.columns.note'), kind: 'text', value: (r) => r.note },
    { id: 'decidedBy', header: t('rollForward.columns.decidedBy'), kind: 'text', value: (r) => r.decidedBy ?? '' },
    { id: 'decidedAt', header: t('rollForward.columns.decidedAt'), kind: 'text', value: (r) => r.decidedAt ?? '' },
  ];
  return exportResponse(
    q.format,
    `import-${id}-roll-forward`,
    columns,
    iterateRollForward(db, q.funderId, id, filter),
    t('rollForward.sheetName'),
  );
});
