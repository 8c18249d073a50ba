import path from 'node:path';
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

/** The SQLite file path: DATABASE_URL (a path, optionally with a file: prefix) or data/quantum.db. */
export function databasePath(): string {
  const url = process.env.DATABASE_URL;
  if (url) return url.replace(/^file:/, '');
  return path.join(dataDir(), 'quantum.db');
}

export function isOidcEnabled(): boolean {
  const e = env();
  return Boolean(e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET);
}
