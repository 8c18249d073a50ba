import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const envSchema = z.object({
  DATABASE_URL: z.string().optional(),
  VERCEL: z.string().optional(),
  JWT_ACCESS_TTL: z.coerce.number().int().positive().default(600),
  JWT_REFRESH_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  SESSION_MAX_AGE: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 3600),
  REGISTRATION: z.enum(['open', 'closed']).default('open'),
  // Reverse proxies in front of the server whose X-Forwarded-* headers are believed; 0 = none (the socket address).
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  // Largest tape a user may upload (bytes); default 50 MiB.
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** The process environment, parsed once; invalid values fail loudly at first use. */
export function env(): Env {
  cached ??= envSchema.parse(process.env);
  return cached;
}

/** True on a Vercel preview without a configured database: the database then lives in /tmp. */
export function isEphemeralDeployment(): boolean {
  return Boolean(process.env.VERCEL) && !process.env.DATABASE_URL;
}

/** Folder for the database and the generated auth secret. */
export function dataDir(): string {
  return isEphemeralDeployment() ? '/tmp/quantum' : path.join(process.cwd(), 'data');
}

/** The database DATABASE_URL names: a SQLite file (the embedded default) or a PostgreSQL server. */
export type DatabaseConfig =
  | { engine: 'sqlite'; file: string }
  /** `display` is the URL without its password: what a log line or a message may show. */
  | { engine: 'postgres'; url: string; display: string };

/** DATABASE_URL is malformed or names an engine QUANTUM does not run on: the start stops with this message. */
export class DatabaseUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUrlError';
  }
}

const SUPPORTED =
  'a SQLite file path (data/quantum.db, file:/srv/quantum.db) or a PostgreSQL URL (postgres://user:password@host:5432/quantum)';

/**
 * Reads DATABASE_URL: unset → data/quantum.db (or /tmp on a Vercel preview); `postgres://` or `postgresql://` → a
 * PostgreSQL server; `file:…` or a plain path → a SQLite file. Any other `scheme://` is refused rather than taken for a
 * file name (a `mysql://…` once became a folder named "mysql:" beside the app), and so is a PostgreSQL URL without a
 * host or a database name.
 */
export function databaseConfig(value: string | undefined = process.env.DATABASE_URL): DatabaseConfig {
  const raw = value?.trim();
  if (!raw) return { engine: 'sqlite', file: path.join(dataDir(), 'quantum.db') };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(raw)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') return postgresConfig(raw);
  if (scheme === 'file') {
    let file: string;
    try {
      file = fileURLToPath(raw);
    } catch {
      throw new DatabaseUrlError(`DATABASE_URL "${raw}" is not a valid file URL. Give ${SUPPORTED}.`);
    }
    return { engine: 'sqlite', file };
  }
  if (scheme) throw new DatabaseUrlError(`DATABASE_URL names a "${scheme}" database, which QUANTUM does not run on. Give ${SUPPORTED}.`);
  const file = raw.replace(/^file:/i, '');
  if (!file) throw new DatabaseUrlError(`DATABASE_URL "${raw}" names no file. Give ${SUPPORTED}.`);
  return { engine: 'sqlite', file };
}

function postgresConfig(raw: string): DatabaseConfig {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DatabaseUrlError(`DATABASE_URL is not a valid PostgreSQL URL. Give ${SUPPORTED}.`);
  }
  const display = redactPassword(url);
  const socketHost = url.searchParams.get('host');
  if (!url.hostname && !socketHost)
    throw new DatabaseUrlError(
      `DATABASE_URL ${display} names no server: give its host, as in postgres://user@db.example.com:5432/quantum.`,
    );
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database || database.includes('/'))
    throw new DatabaseUrlError(
      `DATABASE_URL ${display} names no database: end it with the database's name, as in postgres://user@host:5432/quantum.`,
    );
  if (url.port && !(Number(url.port) > 0 && Number(url.port) < 65536))
    throw new DatabaseUrlError(`DATABASE_URL ${display} has an invalid port.`);
  return { engine: 'postgres', url: raw, display };
}

function redactPassword(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = '***';
  return copy.href;
}

/**
 * The SQLite file of DATABASE_URL (or data/quantum.db). For the tools and code paths that run on SQLite only; a
 * malformed or PostgreSQL URL throws DatabaseUrlError with the reason.
 */
export function databasePath(): string {
  const config = databaseConfig();
  if (config.engine !== 'sqlite')
    throw new DatabaseUrlError(
      `DATABASE_URL names a PostgreSQL database (${config.display}), and this works on a SQLite file only. Leave DATABASE_URL unset (data/quantum.db) or give a file path.`,
    );
  return config.file;
}

export function isOidcEnabled(): boolean {
  const e = env();
  return Boolean(e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET);
}
