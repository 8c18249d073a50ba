import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '@/db/client';
import { listFacilities } from '@/db/queries/facilities';
import { todayIso } from '@/lib/clock';
import { prepareDatabase } from '@/services/database/prepare';
import { facilityBase } from '@/services/facilities/core';
import { warmFacilityCaches } from '@/services/facilities/warm';

const saved = process.env.DATABASE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
});

describe('facilities warm at server start', () => {
  it(
    'computes every facility base at today on its own connection (nothing on a missing file); bases are shared across connections',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-warm-'));
      try {
        const file = path.join(dir, 'warm.db');
        process.env.DATABASE_URL = path.join(dir, 'missing.db');
        expect(await warmFacilityCaches()).toMatchObject({ facilities: 0 });
        await prepareDatabase(file);
        process.env.DATABASE_URL = file;
        const db = openDb(file);
        const facilities = await listFacilities(db, 'all');
        expect(facilities.length).toBeGreaterThan(0);
        expect(await warmFacilityCaches()).toMatchObject({ facilities: facilities.length });
        // Cached by data, not by connection: two connections get the one result.
        const first = await facilityBase(db, facilities[0]!, todayIso());
        expect(await facilityBase(openDb(file), facilities[0]!, todayIso())).toBe(first);
        db.$client.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
