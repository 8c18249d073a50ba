/**
 * Facilities benchmark, without the server: `npm run bench:facilities -- --db FILE`.
 *
 * On a seeded book (e.g. a copy of a 100k-lease database; the run applies the migrations and adds one facility
 * and its certificates to the file, so use a copy), for funder --funder:
 * - the borrowing base with lease-level eligibility (every lease evaluated against every criterion, excess per
 *   group for two limits) at today: cold, phase by phase (servicing book for the date, credit states, collateral,
 *   the base itself; the first three are warmed at server start), and
 *   with the books warm (as on a server that warmed them; the computation itself, facilityBase's own result
 *   cache bypassed), p50 over --samples;
 * - a certificate: prepare (base + lease-level XLSX + SHA-256 + insert) and issue (PDF + insert), once each.
 * Figures only: nothing is asserted.
 *
 * Options: --db FILE (required), --funder ID (default 1), --samples N (default 9).
 */
import { existsSync } from 'node:fs';
import { openDb, runMigrations } from '@/db/client';
import { createFacility, facilityOutstanding } from '@/db/queries/facilities';
import { computeBorrowingBase } from '@/lib/facilities';
import { collateralAt } from '@/services/facilities/collateral';
import { getFunder } from '@/db/queries/funders';
import { getUserByEmail } from '@/db/queries/users';
import { createFacilityBody } from '@/lib/validations/facilities';
import { approveFacilityCertificate, facilityBase, prepareFacilityCertificate } from '@/services/facilities/core';
import { loadBook } from '@/services/portfolio/valuation';
import { getServicingBook } from '@/services/servicing/book';
import { creditStatesAt } from '@/services/credit/book';
import { median, now, numberOption, stringOption } from './common';

const DB = stringOption('--db');
const F = numberOption('--funder', 1);
const SAMPLES = numberOption('--samples', 9);
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function main() {
  if (!DB || !existsSync(DB)) {
    console.error('Usage: npm run bench:facilities -- --db FILE (a copy: the run adds a facility and certificates)');
    process.exit(2);
  }
  const db = openDb(DB);
  runMigrations(db);
  const funder = await getFunder(db, F);
  if (!funder) throw new Error(`No funder ${F}`);
  const today = new Date().toISOString().slice(0, 10);
  const t0 = now();
  const book = await loadBook(db, F);
  console.log(`book loaded (${book.leases.length} leases): ${ms(now() - t0)}`);
  const currency = funder.baseCurrency;
  const facility = await createFacility(
    db,
    createFacilityBody.parse({
      funderId: F,
      name: `Bench ${Date.now()}`,
      lender: 'Bench',
      currency,
      commitment: 1e14,
      advanceRate: 0.85,
      reserves: 1_000_000_00,
      startDate: '2025-01-01',
      maturityDate: '2030-12-31',
      criteria: [
        { kind: 'notInDefault' },
        { kind: 'maxDpd', value: 60 },
        { kind: 'minRemainingMonths', value: 3 },
        { kind: 'maxBalance', value: 500_000_00 },
        { kind: 'minRate', value: 0.02 },
      ],
      limits: [
        { group: 'lessee', kind: 'percent', value: 0.0005 },
        { group: 'region', kind: 'percent', value: 0.1 },
      ],
    }),
    null,
  );
  // Cold, phase by phase: what a first request at today would pay with nothing warm. On a server the servicing
  // book for today is built at start (services/servicing/warm.ts), the credit states, collateral and each
  // facility's base right after (services/facilities/warm.ts), so a user's first visit pays none of them.
  const t1 = now();
  await getServicingBook(db, F, today);
  const sbMs = now() - t1;
  const t2 = now();
  await creditStatesAt(db, F, today);
  const creditMs = now() - t2;
  const t3 = now();
  await collateralAt(db, F, today);
  const collMs = now() - t3;
  const t4 = now();
  const cold = await facilityBase(db, facility, today);
  const baseMs = now() - t4;
  console.log(
    `borrowing base, cold: ${ms(sbMs + creditMs + collMs + baseMs)} = servicing book for the date ${ms(sbMs)} + credit states ${ms(creditMs)} + collateral ${ms(collMs)} + base with lease-level eligibility ${ms(baseMs)}`,
  );
  console.log(
    `  ${cold.rows.length} leases, ${cold.base.counts.eligible} eligible, ${cold.base.excess.groups.length} groups, excess ${cold.base.excess.total}, BB ${cold.base.borrowingBase}`,
  );
  const warm: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    // The computation itself (every lease against every criterion, the excess per group), not facilityBase's cache.
    const t = now();
    const leases = (await collateralAt(db, F, today)).leases;
    computeBorrowingBase(
      { currency, commitment: facility.commitment, advanceRate: facility.advanceRate, reserves: facility.reserves },
      facility.criteria,
      facility.limits,
      leases,
      await facilityOutstanding(db, facility.id, today),
    );
    warm.push(now() - t);
  }
  console.log(
    `borrowing base with lease-level eligibility, warm books: p50 ${ms(median(warm))}, max ${ms(Math.max(...warm))} over ${SAMPLES}`,
  );
  const t5 = now();
  const cert = await prepareFacilityCertificate(db, facility, today, null);
  console.log(
    `certificate prepare (base + lease-level XLSX ${(cert.xlsx.length / 1e6).toFixed(1)} MB + SHA-256 + insert): ${ms(now() - t5)}`,
  );
  const t6 = now();
  const admin = await getUserByEmail(db, 'admin@quantum.demo');
  if (!admin) throw new Error('The database has no demo admin to issue the certificate.');
  const issued = await approveFacilityCertificate(db, facility, cert.id, { userId: admin.id, email: admin.email });
  console.log(`certificate issue (PDF ${(issued.pdf!.length / 1e3).toFixed(0)} kB + insert): ${ms(now() - t6)}`);
  db.$client.close();
}

void main();
