/**
 * A writer of the book in a process of its own (tests/unit/book/journal-writers.test.ts): `count` writes to the
 * funder's book on the database file through the same query functions the server calls — payments, reversals,
 * lease edits, flags set and cleared, lessee kinds — each in its own transaction, as fast as the database lets it.
 * Writer `k` of `n` takes every n-th lease from the k-th, so two writers touch different leases of one funder (and
 * the same lessees). Prints the number of writes made.
 */
import { openDb } from '@/db/client';
import { flagLease, unflagLease } from '@/db/queries/credit';
import { getLease, updateLease } from '@/db/queries/leases';
import { updateLesseeKind } from '@/db/queries/lessees';
import { recordPayment, reversePayment } from '@/db/queries/payments';

const [file, writerArg, writersArg, countArg, today] = process.argv.slice(2);
const writer = Number(writerArg);
const writers = Number(writersArg);
const count = Number(countArg);
const F = 1;
const db = openDb(file!);
const leases = db.$client
  .prepare(`select id, lessee_id, currency from leases where funder_id = ? and status = 'active' order by id`)
  .all(F) as { id: number; lessee_id: number; currency: string }[];
// Split by lessee: two writers flipping one lessee's kind at once could each read the kind before the other's flip, and
// the second would then write the kind already there (no change, no journal row).
const mine = leases.filter((l) => l.lessee_id % writers === writer);
const actor = { userId: 1 };
let made = 0;
async function main(): Promise<void> {
  for (let k = 0; k < count; k++) {
    const l = mine[k % mine.length]!;
    switch (k % 5) {
      case 0:
      case 1: {
        const p = await recordPayment(
          db,
          F,
          { leaseId: l.id, receivedOn: today!, amount: 10_000 + k, currency: l.currency, method: 'transfer' },
          1,
        );
        if (k % 5 === 1) await reversePayment(db, F, p.id, { reversedOn: today! }, 1);
        break;
      }
      case 2: {
        const lease = (await getLease(db, l.id))!;
        await updateLease(db, l.id, lease.version, { rate: Math.round((lease.rate + 0.001) * 1e6) / 1e6 }, 1);
        break;
      }
      case 3: {
        const input = { funderId: F, leaseId: l.id, kind: 'utp' as const, reason: 'journal test' };
        try {
          await flagLease(db, { ...input, flaggedOn: today! }, actor);
        } catch {
          await unflagLease(db, { ...input, clearedOn: today! }, actor);
        }
        break;
      }
      case 4: {
        // Flipped, so that every write changes something (an unchanged kind writes nothing).
        const kind = db.$client.prepare(`select kind from lessees where id = ?`).pluck().get(l.lessee_id);
        await updateLesseeKind(db, F, l.lessee_id, kind === 'retail' ? 'corporate' : 'retail', actor);
        break;
      }
    }
    made++;
  }
}
main().then(
  () => {
    db.$client.close();
    console.log(made);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
