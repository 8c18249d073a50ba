/**
 * `npm test`: the production build; then typecheck, lint, unit tests and API tests against a real started server and a
 * throwaway PostgreSQL cluster, and the HTTP API tests again against a server on PostgreSQL (Debian's postgresql package, installed with apt-get when missing) at the same time (none of them fills both cores for long: side by side they take about the longest one's time); then
 * browser tests in Debian's Chromium (installed with apt-get when missing), which want the machine to themselves.
 * Prints one closing "N passed, N failed" line over all test runners.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { aptInstall } from './apt';
import { ensurePostgres } from './pg-cluster';

type Step = { name: string; run: (out: Output) => boolean | Promise<boolean> };
/** Where a step's child processes write: the terminal, or a buffer printed whole when the step ends (steps side by side). */
type Output = { write: ((chunk: Buffer) => void) | null };
const root = process.cwd();
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
let passed = 0;
let failed = 0;
/** The failing tests by name, repeated in the summary: a CI log is often read from its tail only. */
const failures: string[] = [];

function sh(cmd: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return res.status === 0;
}

/** `sh`, asynchronously, writing to `out` (the terminal when it has no writer). */
function run(out: Output, cmd: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: out.write ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    if (out.write) {
      child.stdout!.on('data', out.write);
      child.stderr!.on('data', out.write);
    }
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

function countVitest(file: string): void {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults?: { name: string; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[] }[];
  };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  for (const f of r.testResults ?? [])
    for (const a of f.assertionResults ?? [])
      if (a.status === 'failed')
        failures.push(`${path.relative(root, f.name)} › ${a.fullName}\n      ${firstLine(a.failureMessages?.[0])}`);
}

function firstLine(message: string | undefined): string {
  return (message ?? '').split('\n')[0]!.slice(0, 300);
}

type PlaywrightSuite = {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; ok: boolean; tests?: { results?: { error?: { message?: string } }[] }[] }[];
};

function playwrightFailures(suite: PlaywrightSuite, trail: string[]): void {
  for (const spec of suite.specs ?? [])
    if (!spec.ok) {
      const error = spec.tests?.flatMap((t) => t.results ?? []).find((res) => res.error)?.error?.message;
      failures.push(`${[...trail, spec.title].join(' › ')}\n      ${firstLine(error)}`);
    }
  for (const child of suite.suites ?? []) playwrightFailures(child, [...trail, child.title]);
}

function countPlaywright(file: string): void {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
    suites?: PlaywrightSuite[];
  };
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
  for (const suite of r.suites ?? []) playwrightFailures(suite, [suite.title]);
}

function chromiumPath(): string | null {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (p && existsSync(p)) return p;
  return null;
}

function ensureChromium(): boolean {
  if (chromiumPath()) return true;
  console.log("Chromium not found: installing Debian's chromium package (Playwright's own download is not reachable here)…");
  return aptInstall('chromium') && chromiumPath() !== null;
}

const vitestJson = (name: string) => path.join(tmp, `${name}-results.json`);

/**
 * What the production build is made from: every file git sees (tracked or new, not ignored) outside tests/ and bench/,
 * and the environment the build reads (NEXT_PUBLIC_*, SENTRY_*). Null outside a git work tree: then always build.
 */
function buildInputs(): string | null {
  let listing: string;
  try {
    listing = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  for (const file of [...new Set(listing.split('\0'))].filter((f) => f && !/^(tests|bench)\//.test(f)).sort()) {
    const full = path.join(root, file);
    hash.update(`${file}\0`);
    if (existsSync(full)) hash.update(readFileSync(full));
  }
  for (const [k, v] of Object.entries(process.env).sort(([a], [b]) => (a < b ? -1 : 1)))
    if (/^(NEXT_PUBLIC_|SENTRY_)/.test(k)) hash.update(`${k}=${v}\0`);
  return hash.digest('hex');
}

const buildStamp = path.join(root, '.next', 'quantum-build-inputs');

/** `next build`, unless .next holds a build of exactly these inputs (a rerun after a test-only change); CI's fresh clone always builds. */
function build(): boolean {
  const inputs = buildInputs();
  if (inputs && existsSync(path.join(root, '.next', 'BUILD_ID')) && existsSync(buildStamp) && readFileSync(buildStamp, 'utf8') === inputs) {
    console.log('The production build in .next is of these very sources: not rebuilt.');
    return true;
  }
  const ok = sh(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build']);
  if (ok && inputs) writeFileSync(buildStamp, inputs);
  return ok;
}

const typecheck: Step = { name: 'typecheck', run: (out) => run(out, bin('tsc'), ['--noEmit', '-p', '.']) };
// Cached in .tmp: a rerun lints only the files that changed (a fresh clone has no cache).
// ESLint, then Prettier's check of the whole tree's format (.prettierrc.json, .prettierignore).
const lint: Step = {
  name: 'lint',
  run: async (out) =>
    (await run(out, bin('eslint'), ['--max-warnings=0', '--cache', '--cache-location', path.join(tmp, 'eslint-cache'), '.'])) &&
    run(out, bin('prettier'), ['--check', '--cache', '--cache-location', path.join(tmp, 'prettier-cache'), '.']),
};
const vitestStep = (name: string, project: string): Step => ({
  name,
  run: async (out) => {
    // The API suite runs on PostgreSQL too (its global setup starts a throwaway cluster): Debian's package, when missing.
    if ((project === 'api' || project === 'api-pg') && !ensurePostgres()) {
      console.error('PostgreSQL could not be installed.');
      return false;
    }
    const ok = await run(out, bin('vitest'), [
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson(project)}`,
    ]);
    countVitest(vitestJson(project));
    return ok;
  },
});
const browser: Step = {
  name: 'browser tests',
  run: () => {
    if (!ensureChromium()) {
      console.error('Chromium could not be installed.');
      return false;
    }
    const ok = sh(bin('playwright'), ['test'], { CHROMIUM_PATH: chromiumPath()! });
    countPlaywright(path.join(tmp, 'e2e-results.json'));
    return ok;
  },
};

/** Stages in order; the steps of a stage run side by side (the first writes to the terminal, the others when done). */
const stages: Step[][] = [
  [{ name: 'build', run: build }],
  [vitestStep('API tests', 'api'), vitestStep('API tests on PostgreSQL', 'api-pg'), vitestStep('unit tests', 'unit'), typecheck, lint],
  [browser],
];

const only = process.argv.slice(2);
const results: [string, boolean, number][] = [];

async function runStage(stage: Step[]): Promise<boolean> {
  const chosen = stage.filter((step) => !only.length || only.some((o) => step.name.startsWith(o)));
  const outcomes = await Promise.all(
    chosen.map(async (step, k) => {
      const buffered: Buffer[] = [];
      const out: Output = { write: k === 0 ? null : (chunk) => buffered.push(chunk) };
      if (k === 0)
        console.log(
          `\n▶ ${step.name}${
            chosen.length > 1
              ? ` (beside it: ${chosen
                  .slice(1)
                  .map((s) => s.name)
                  .join(', ')})`
              : ''
          }`,
        );
      const t0 = Date.now();
      const ok = await step.run(out);
      const ms = Date.now() - t0;
      if (k > 0) {
        console.log(`\n▶ ${step.name} (ran beside ${chosen[0]!.name})`);
        process.stdout.write(Buffer.concat(buffered));
      }
      results.push([step.name, ok, ms]);
      if (!ok) console.error(`✖ ${step.name} failed`);
      return { step, ok };
    }),
  );
  // Keep going only past test failures, so one run reports every failing test; a broken build stops here.
  return !outcomes.some((o) => !o.ok && o.step.name === 'build');
}

async function main(): Promise<void> {
  for (const stage of stages) if (!(await runStage(stage))) break;
  console.log('\nSummary');
  for (const [name, ok, ms] of results) console.log(`  ${ok ? '✔' : '✖'} ${name.padEnd(14)} ${(ms / 1000).toFixed(1)} s`);
  const allOk = results.every(([, ok]) => ok) && results.length > 0;
  if (!allOk && failed === 0) failed = 1; // a failed step without a counted test still fails the total
  if (failures.length) {
    console.log('\nFailed');
    for (const f of failures) console.log(`  ✖ ${f}`);
  }
  console.log(`Tests: ${passed} passed, ${failed} failed`);
  process.exit(allOk ? 0 : 1);
}

void main();
