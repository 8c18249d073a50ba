/**
 * `npm start`: builds when no build exists, prepares the database, and serves the production build.
 * Works with no configuration: the auth secret is generated once under data/.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, DEMO_USERS } from '@/db/seed/users';
import { getAuthSecret } from '@/services/auth/secret';
import { clockStartProblem } from '@/lib/clock';
import { DatabaseUnavailable, prepareConfiguredDatabase } from '@/services/database/prepare';
import { databaseConfigOrExit } from './database-url';
import { SERVER_NODE_ARGS, serverEnv } from './server-env';

// Before anything else (the build too): a DATABASE_URL QUANTUM cannot use stops the start with the reason.
const database = databaseConfigOrExit('QUANTUM cannot start');

const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
const port = process.env.PORT ?? '3000';
const host = process.env.HOST ?? '0.0.0.0';

// A fixed business date (QUANTUM_TODAY) on a production server only when it is meant (lib/clock).
const clockProblem = clockStartProblem({ ...process.env, NODE_ENV: 'production' });
if (clockProblem) {
  console.error(`QUANTUM cannot start: ${clockProblem}`);
  process.exit(1);
}

process.env.NEXTAUTH_SECRET = getAuthSecret();
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

async function main(): Promise<void> {
  // The database first: a server that does not answer or a refused sign-in stops the start before a build is waited for.
  if (database.engine === 'postgres') console.log(`Preparing the PostgreSQL database ${database.display}…`);
  let prepared;
  try {
    prepared = await prepareConfiguredDatabase(database);
  } catch (e) {
    if (!(e instanceof DatabaseUnavailable)) throw e;
    console.error(`QUANTUM cannot start: ${e.message}`);
    process.exit(1);
  }
  const { display, seeded, demo } = prepared;

  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    console.log('No production build found: building (about a minute)…');
    const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit', env: process.env });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  const url = `http://localhost:${port}`;
  const lines = ['', `  QUANTUM is running at ${url}`, `  Database: ${display}${seeded ? ' (created and seeded with demo data)' : ''}`];
  if (demo) {
    lines.push('  Demo sign-ins (password: ' + DEMO_PASSWORD + '):');
    for (const u of DEMO_USERS) lines.push(`    ${u.email.padEnd(24)} ${u.role}`);
    lines.push('  WARNING: demo users with a published password exist. Remove them or change their passwords before exposing this server.');
  }
  lines.push('');

  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, nextBin, 'start', '-H', host, '-p', port], {
    stdio: ['inherit', 'pipe', 'inherit'],
    env: serverEnv(process.env),
  });
  let announced = false;
  server.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (!announced && /ready|started|Local:/i.test(chunk.toString())) {
      announced = true;
      console.log(lines.join('\n'));
    }
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.kill(sig));
  server.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
