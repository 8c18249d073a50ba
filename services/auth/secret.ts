import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '@/lib/env';

let cached: string | undefined;

/**
 * NEXTAUTH_SECRET, or a secret generated once and kept in data/auth-secret so that
 * `npm start` works with no configuration and sessions survive restarts.
 */
export function getAuthSecret(): string {
  if (cached) return cached;
  const fromEnv = process.env.NEXTAUTH_SECRET;
  if (fromEnv) return (cached = fromEnv);
  const file = path.join(dataDir(), 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    // 'wx' fails if another process created it in between; that process's secret is then read.
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch {
      /* created concurrently */
    }
  }
  cached = readFileSync(file, 'utf8').trim();
  process.env.NEXTAUTH_SECRET = cached;
  return cached;
}
