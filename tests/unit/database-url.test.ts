import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { databaseConfig, DatabaseUrlError } from '@/lib/env';

const root = process.cwd();

describe('DATABASE_URL', () => {
  test.each([
    ['unset: the embedded default', undefined, { engine: 'sqlite', file: path.join(root, 'data', 'quantum.db') }],
    ['blank: the embedded default', '  ', { engine: 'sqlite', file: path.join(root, 'data', 'quantum.db') }],
    ['a relative path', 'data/other.db', { engine: 'sqlite', file: 'data/other.db' }],
    ['an absolute path', '/srv/quantum/q.db', { engine: 'sqlite', file: '/srv/quantum/q.db' }],
    ['a file: prefix', 'file:./data/q.db', { engine: 'sqlite', file: './data/q.db' }],
    ['a file:// URL', 'file:///srv/quantum/q.db', { engine: 'sqlite', file: '/srv/quantum/q.db' }],
    [
      'a postgres:// URL',
      'postgres://quantum@db.example.com:5432/quantum',
      {
        engine: 'postgres',
        url: 'postgres://quantum@db.example.com:5432/quantum',
        display: 'postgres://quantum@db.example.com:5432/quantum',
      },
    ],
    [
      'a postgresql:// URL with a password, which the display hides',
      'postgresql://quantum:s3cret@db:6543/books?sslmode=require',
      {
        engine: 'postgres',
        url: 'postgresql://quantum:s3cret@db:6543/books?sslmode=require',
        display: 'postgresql://quantum:***@db:6543/books?sslmode=require',
      },
    ],
    [
      'a Unix socket given as the host parameter',
      'postgres:///quantum?host=/var/run/postgresql',
      { engine: 'postgres', url: 'postgres:///quantum?host=/var/run/postgresql', display: 'postgres:///quantum?host=/var/run/postgresql' },
    ],
  ])('%s', (_case, value, expected) => {
    expect(databaseConfig(value)).toEqual(expected);
  });

  test.each([
    ['another engine', 'mysql://root@localhost/quantum', /names a "mysql" database, which QUANTUM does not run on/],
    ['sqlite:// is not a form QUANTUM reads', 'sqlite:///tmp/q.db', /names a "sqlite" database/],
    ['a PostgreSQL URL without a database', 'postgres://quantum@db:5432', /names no database/],
    ['a PostgreSQL URL without a database, trailing slash', 'postgres://quantum@db:5432/', /names no database/],
    ['a PostgreSQL URL without a server', 'postgres:///quantum', /names no server/],
    ['a PostgreSQL URL that does not parse', 'postgres://quan tum@[db/quantum', /not a valid PostgreSQL URL/],
    ['a file URL with a remote host', 'file://server/share/q.db', /not a valid file URL/],
    ['a file: prefix and nothing else', 'file:', /names no file/],
  ])('refused: %s', (_case, value, message) => {
    expect(() => databaseConfig(value)).toThrow(DatabaseUrlError);
    expect(() => databaseConfig(value)).toThrow(message);
  });

  test('a refused PostgreSQL URL never shows its password', () => {
    expect(() => databaseConfig('postgres://quantum:s3cret@db:5432')).toThrow(/postgres:\/\/quantum:\*\*\*@db:5432/);
    expect(() => databaseConfig('postgres://quantum:s3cret@db:5432')).not.toThrow(/s3cret/);
  });

  test.each([
    [
      'a PostgreSQL server that does not answer',
      'postgres://quantum:s3cret@127.0.0.1:1/quantum',
      /The PostgreSQL server of postgres:\/\/quantum:\*\*\*@127\.0\.0\.1:1\/quantum does not answer/,
      'postgres:',
      1,
    ],
    ['an unsupported engine', 'mysql://root@localhost/quantum', /names a "mysql" database/, 'mysql:', 2],
  ])('npm start with %s stops at once with the reason and creates no file', (_case, url, message, stray, status) => {
    const res = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, PORT: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(status);
    expect(res.stderr).toMatch(/^QUANTUM cannot start: /m);
    expect(res.stderr).toMatch(message);
    expect(res.stderr).not.toMatch(/s3cret/);
    expect(res.stdout).not.toMatch(/s3cret/);
    expect(existsSync(path.join(root, stray))).toBe(false);
  });
});
