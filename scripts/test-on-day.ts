/**
 * `npm run test:on-day -- YYYY-MM-DD [step …]`: npm test (or the named steps, as `npm test -- step`) on that day, at
 * the same time of day as now. Typecheck, lint, unit tests, build and API tests run with the whole clock moved —
 * the runner, the API servers, the seed — through Debian's faketime (libfaketime, installed with apt-get when
 * missing). The browser tests run with the tests' own clock instead, QUANTUM_TODAY (lib/clock) for the server, its
 * seed and the tests: libfaketime cannot reach Chromium (under it the compositor stalls and no element ever becomes
 * stable), and a browser on the real clock beside a server on a faked one would drop the session cookies the server
 * dates in the browser's past.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { tryParseDate } from '@/lib/finance/dates';
import { aptInstall } from './apt';

const [day, ...steps] = process.argv.slice(2);
if (!day || tryParseDate(day) === null) {
  console.error('usage: npm run test:on-day -- YYYY-MM-DD [step …]   (e.g. 2028-02-29 unit API browser)');
  process.exit(2);
}

const LIBRARY = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1'];
const library = () => LIBRARY.find((p) => existsSync(p));

if (!library()) {
  console.log("libfaketime not found: installing Debian's faketime package…");
  if (!(aptInstall('faketime') && library())) {
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
const all = ['typecheck', 'lint', 'unit', 'build', 'API', 'browser'];
const wanted = steps.length ? all.filter((s) => steps.some((w) => s.toLowerCase().startsWith(w.toLowerCase()))) : all;
const runner = (args: string[], env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, [path.join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/test.ts', ...args], {
    stdio: 'inherit',
    env,
  }).status === 0;
let ok = true;
const faked = wanted.filter((s) => s !== 'browser');
if (faked.length)
  ok = runner(faked, {
    ...process.env,
    LD_PRELOAD: library(),
    FAKETIME: `${offset >= 0 ? '+' : ''}${offset}`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  });
if (wanted.includes('browser')) {
  console.log(`Browser tests with QUANTUM_TODAY=${day} (the server, its seed and the tests; Chromium on the real clock)…`);
  ok = runner(['browser'], { ...process.env, QUANTUM_TODAY: day }) && ok;
}
process.exit(ok ? 0 : 1);
