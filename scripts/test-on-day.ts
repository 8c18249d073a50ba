/**
 * `npm run test:on-day -- YYYY-MM-DD [step …]`: npm test (or the named steps, as `npm test -- step`) with the whole
 * machine's clock moved to that day — the test runner, the servers, the seed, Chromium — through Debian's faketime
 * (libfaketime, installed with apt-get when missing), at the same time of day as now. It shows that the suite passes
 * whatever the calendar says; QUANTUM_TODAY (lib/clock) moves only QUANTUM's business date, this moves everything.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { tryParseDate } from '@/lib/finance/dates';

const [day, ...steps] = process.argv.slice(2);
if (!day || tryParseDate(day) === null) {
  console.error('usage: npm run test:on-day -- YYYY-MM-DD [step …]   (e.g. 2028-02-29 unit API browser)');
  process.exit(2);
}

const LIBRARY = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1'];
const library = () => LIBRARY.find((p) => existsSync(p));

if (!library()) {
  console.log("libfaketime not found: installing Debian's faketime package…");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) => spawnSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  if (!(run(['apt-get', 'update']) && run(['apt-get', 'install', '-y', '--no-install-recommends', 'faketime']) && library())) {
    console.error('faketime could not be installed.');
    process.exit(1);
  }
}

// An offset from the real clock (libfaketime's "+N" seconds): every process started under it, whenever it starts,
// agrees on the time, and the clock runs on. Monotonic clocks stay real, so timers and timeouts behave.
const now = new Date();
const target = Date.parse(`${day}T${now.toISOString().slice(11, 23)}Z`);
const offset = Math.round((target - now.getTime()) / 1000);
console.log(`Running the tests with the clock at ${day} (offset ${offset} s)…`);
const res = spawnSync(process.execPath, [path.join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/test.ts', ...steps], {
  stdio: 'inherit',
  env: { ...process.env, LD_PRELOAD: library(), FAKETIME: `${offset >= 0 ? '+' : ''}${offset}`, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
});
process.exit(res.status ?? 1);
