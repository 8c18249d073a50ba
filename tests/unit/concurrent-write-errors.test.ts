/**
 * A write the database refuses because another request saved the same record first is answered 409 (a duplicate
 * key) or 503 with Retry-After (PostgreSQL ended the transaction to break a deadlock or a serialization conflict),
 * never 500 (services/api/handler.ts). The SQLite case is a real constraint error, wrapped as drizzle wraps it.
 */
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { NextRequest } from 'next/server';
import { describe, expect, test } from 'vitest';
import { concurrentWriteOf, toErrorResponse } from '@/services/api/handler';

const req = { method: 'POST', nextUrl: { pathname: '/api/users' } } as unknown as NextRequest;

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('nothing was thrown');
}

describe('a write that lost a race', () => {
  test('a duplicate key on SQLite (through drizzle) is a 409 conflict', async () => {
    const db = drizzle(new Database(':memory:'));
    db.run(sql`create table t (id integer primary key, email text unique)`);
    db.run(sql`insert into t (id, email) values (1, 'a@example.com')`);
    const duplicate = thrown(() => db.run(sql`insert into t (id, email) values (2, 'a@example.com')`));
    const samePk = thrown(() => db.run(sql`insert into t (id, email) values (1, 'b@example.com')`));
    expect(concurrentWriteOf(duplicate)).toBe('duplicate');
    expect(concurrentWriteOf(samePk)).toBe('duplicate');
    const res = toErrorResponse(req, duplicate);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('conflict');
  });

  test.each([
    ['a unique violation', '23505', 409, null],
    ['a serialization failure', '40001', 503, '1'],
    ['a deadlock', '40P01', 503, '1'],
  ])('PostgreSQL: %s (%s) wrapped by drizzle answers %i', async (_name, code, status, retryAfter) => {
    const driver = Object.assign(new Error('driver'), { code });
    const wrapped = new Error('Failed query: insert …', { cause: driver });
    const res = toErrorResponse(req, wrapped);
    expect(res.status).toBe(status);
    expect(res.headers.get('retry-after')).toBe(retryAfter);
  });

  test('any other error is still a 500 with an error id', async () => {
    expect(concurrentWriteOf(Object.assign(new Error('x'), { code: '23503' }))).toBeUndefined();
    expect(concurrentWriteOf(new Error('x'))).toBeUndefined();
    const res = toErrorResponse(req, new Error('boom'));
    expect(res.status).toBe(500);
  });
});
