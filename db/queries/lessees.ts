import { transaction } from '../transaction';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { NotFound } from '@/lib/domain/errors';
import type { Db, DbOrTx } from '../client';
import { type Funder, type Lessee } from '../schema/portfolio';
import { lessees } from '../tables';
import { recordAudit, type AuditActor } from './audit';
import { recordBookChange, lockFunder } from './book-changes';
import { LIKE } from '../dialect';

/** The audit entity and action of a kind change. */
const LESSEE_KIND_AUDIT = { entity: 'lessee', action: 'kind' } as const;

/**
 * Sets a lessee's kind (retail or corporate: the absolute materiality threshold of its leases, domain.md §8), with
 * one audit row, in one transaction. 404 when the lessee is not the funder's; unchanged (no audit row) when it is
 * already of that kind.
 */
export async function updateLesseeKind(
  db: Db,
  funderId: number,
  id: number,
  kind: Lessee['kind'],
  actor: AuditActor,
  now = Date.now(),
): Promise<{ lessee: Lessee; changed: boolean }> {
  return await transaction(db, async (tx) => {
    await lockFunder(tx, funderId);
    const current = (await tx.select().from(lessees).where(eq(lessees.id, id)).limit(1))[0];
    if (!current || current.funderId !== funderId) throw new NotFound(`Lessee ${id} does not exist for funder ${funderId}.`);
    if (current.kind === kind) return { lessee: current, changed: false };
    const lessee = (await tx.update(lessees).set({ kind, updatedAt: now }).where(eq(lessees.id, id)).returning())[0]!;
    await recordBookChange(tx, funderId, 'lessee');
    await recordAudit(tx, { actor, funderId, ...LESSEE_KIND_AUDIT, entityId: id, before: { kind: current.kind }, after: { kind } }, now);
    return { lessee, changed: true };
  });
}

/**
 * Standard VAT rates of the lessees' countries (2026), by country name as stored on a lessee and by
 * ISO 3166 code. A lease's VAT rate defaults to its lessee's country rate, else the funder's vatDefault.
 */
const VAT_BY_COUNTRY: Record<string, number> = {
  Austria: 0.2,
  Belgium: 0.21,
  Denmark: 0.25,
  Finland: 0.255,
  France: 0.2,
  Germany: 0.19,
  Greece: 0.24,
  Ireland: 0.23,
  Italy: 0.22,
  Luxembourg: 0.17,
  Netherlands: 0.21,
  Poland: 0.23,
  Portugal: 0.23,
  Spain: 0.21,
  Sweden: 0.25,
  Switzerland: 0.081,
  'United Kingdom': 0.2,
};
const COUNTRY_CODES: Record<string, string> = {
  AT: 'Austria',
  BE: 'Belgium',
  DK: 'Denmark',
  FI: 'Finland',
  FR: 'France',
  DE: 'Germany',
  GR: 'Greece',
  IE: 'Ireland',
  IT: 'Italy',
  LU: 'Luxembourg',
  NL: 'Netherlands',
  PL: 'Poland',
  PT: 'Portugal',
  ES: 'Spain',
  SE: 'Sweden',
  CH: 'Switzerland',
  GB: 'United Kingdom',
  UK: 'United Kingdom',
};

/** The VAT rate a new lease of this lessee starts with: its country's standard rate, else the funder's default. */
export function defaultVatRate(lessee: Pick<Lessee, 'country'> | undefined, funder: Pick<Funder, 'vatDefault'>): number {
  const country = lessee?.country.trim() ?? '';
  const name = COUNTRY_CODES[country.toUpperCase()] ?? country;
  return VAT_BY_COUNTRY[name] ?? funder.vatDefault;
}

export async function getLessee(db: DbOrTx, id: number): Promise<Lessee | undefined> {
  return (await db.select().from(lessees).where(eq(lessees.id, id)).limit(1))[0];
}

export type LesseeOption = Pick<Lessee, 'id' | 'name' | 'idOdoo' | 'country' | 'taxId'>;

/**
 * The funder's lessees whose name, ERP id or tax id contains `q` (case-insensitive), names starting
 * with `q` first, then by name. For the lessee picker: at most `limit` rows.
 */
export async function searchLessees(db: DbOrTx, funderId: number, q: string, limit = 20): Promise<LesseeOption[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const prefix = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q
    ? and(
        eq(lessees.funderId, funderId),
        or(
          sql`${lessees.name} ${LIKE} ${pattern} escape '\\'`,
          sql`${lessees.idOdoo} ${LIKE} ${pattern} escape '\\'`,
          sql`${lessees.taxId} ${LIKE} ${pattern} escape '\\'`,
        ),
      )
    : eq(lessees.funderId, funderId);
  return await db
    .select({ id: lessees.id, name: lessees.name, idOdoo: lessees.idOdoo, country: lessees.country, taxId: lessees.taxId })
    .from(lessees)
    .where(where)
    .orderBy(
      ...(q ? [sql`case when ${lessees.name} ${LIKE} ${prefix} escape '\\' then 0 else 1 end`] : []),
      asc(lessees.name),
      asc(lessees.id),
    )
    .limit(limit);
}
