/**
 * Fuzzing every documented operation (lib/openapi/routes.ts: the RouteDocs and so the zod schemas the handlers
 * validate with) with invalid and edge inputs: wrong types, booleans for ids, huge numbers, NaN strings, long and
 * unicode strings, missing and extra fields, malformed JSON, wrong content types, odd path parameters.
 * It asserts: never a 500, never a hang, and after a refused write the database is as it was.
 *
 * It runs on a server of its own (a small seeded book): inputs that happen to be valid do get written, and the
 * rest of the API suite must not see them. The admin token is used so that authorization never masks validation.
 * Bounded: a few runs per operation and a global time budget shared by all operations.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_DOCS } from '@/lib/openapi/routes';
import type { RouteDoc } from '@/lib/openapi/registry';
import { demoTokens, uniqueIp } from '../helpers/http';
import { startServer, type StartedServer } from '../helpers/server';

const RUNS_PER_OPERATION = 15;
const BUDGET_MS = 90_000;
const REQUEST_TIMEOUT_MS = 15_000;

let server: StartedServer;
let reader: Database.Database;
let adminToken = '';
let budgetStart = 0;
let opsLeft = 0;
const totals = { requests: 0, accepted: 0, refused: 0 };

// DELETEs run after everything else (they remove the seeded records the other operations address), and the
// password change last of all (an input that happens to be valid would revoke the admin token).
const rank = (d: RouteDoc) => (d.path === '/api/account/password' ? 2 : d.method === 'delete' ? 1 : 0);
const OPERATIONS = ROUTE_DOCS.map((d, i) => ({ d, i }))
  .sort((a, b) => rank(a.d) - rank(b.d) || a.i - b.i)
  .map(({ d }) => d);

beforeAll(async () => {
  server = await startServer({ env: { SEED_LEASES: '30' } });
  ({ admin: adminToken } = await demoTokens(server.baseURL, ['admin'] as const));
  reader = new Database(server.dbPath, { readonly: true, fileMustExist: true });
  opsLeft = OPERATIONS.length;
}, 180_000);

afterAll(async () => {
  console.log(`fuzz: ${totals.requests} requests, ${totals.refused} writes refused, ${totals.accepted} edge writes accepted`);
  reader?.close();
  await server?.stop();
});

/**
 * Counts, max(rowid) and max(updated_at) of every table: what a refused write must leave unchanged —
 * except auth_failures, where a refused sign-in or password check is recorded on purpose (the throttle).
 */
function checksum(): string {
  const tables = (
    reader.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
      name: string;
    }[]
  ).filter(({ name }) => name !== 'auth_failures');
  return tables
    .map(({ name }) => {
      const q = `"${name.replace(/"/g, '""')}"`;
      const cols = (reader.prepare(`PRAGMA table_info(${q})`).all() as { name: string }[]).map((c) => c.name);
      const updated = cols.includes('updated_at') ? ', max(updated_at)' : '';
      let row: unknown;
      try {
        row = reader.prepare(`SELECT count(*), max(rowid)${updated} FROM ${q}`).raw().get();
      } catch {
        row = reader.prepare(`SELECT count(*)${updated} FROM ${q}`).raw().get();
      }
      return `${name}:${JSON.stringify(row)}`;
    })
    .join('\n');
}

function diff(a: string, b: string): string {
  const before = new Set(a.split('\n'));
  return b
    .split('\n')
    .filter((l) => !before.has(l))
    .join(', ');
}

// ------------------------------------------------------------------------------------------- generators

const LONG = 'a'.repeat(10_000);
const UNICODE = '𝕳é日本\u202e\u0000\uFEFFﷺ';
const EDGE_STRINGS = [
  '',
  ' ',
  '-1',
  '0',
  '1e9',
  '1e400',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  '%ZZ',
  '2026-02-30',
  '9007199254740993',
  '1.5',
  '0x10',
  "' OR 1=1 --",
  UNICODE,
  'a'.repeat(3000),
];
const EDGE_VALUES: unknown[] = [
  true,
  false,
  null,
  -1,
  0,
  -0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  'NaN',
  '1e9',
  '',
  LONG,
  UNICODE,
  [],
  {},
  [1, 2],
  { a: { b: {} } },
  '2026-13-45',
  '<script>alert(1)</script>',
];
/** Raw path segments (inserted unencoded): malformed escapes, signs, exponents, booleans, overflows. */
const EDGE_SEGMENTS = [
  '%ZZ',
  '%',
  '-1',
  '0',
  '1e9',
  'true',
  '1.5',
  'NaN',
  '99999999999999999999',
  '%20',
  'null',
  '%00',
  '%E2%82%AC',
  'a'.repeat(300),
  '0x10',
  '%D9%A1',
];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '',
  'NaN',
  '{"a":1}}',
  "{'a':1}",
  '[1,]',
  '\u0000',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"__proto__":{"admin":true}}',
];
const WRONG_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', ''];

type Input = { path: Record<string, string>; query: Record<string, string | string[]>; body?: { raw: string; type: string } };

function shapeKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : [];
}

/** Paths to every value of an example body, up to three levels deep. */
function valuePaths(v: unknown, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth >= 3 || v === null || typeof v !== 'object') return prefix.length ? [prefix] : [];
  const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v);
  return [...(prefix.length ? [prefix] : []), ...entries.flatMap(([k, x]) => valuePaths(x, [...prefix, k], depth + 1))];
}

function setAt(target: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  const copy = structuredClone(target) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

function inputsFor(d: RouteDoc): fc.Arbitrary<Input> {
  const params: Record<string, string> = { ...(d.example?.params ?? {}) };
  for (const name of d.path.matchAll(/\{([^}]+)\}/g)) params[name[1]!] ??= '1';
  const query: Record<string, string> = { ...(d.example?.query ?? {}) };
  const json = (v: unknown) => ({ raw: JSON.stringify(v), type: 'application/json' });
  const exampleBody: unknown = d.example?.body ?? {};
  const base = (over: Partial<Input>): Input => ({ path: params, query, ...(d.body ? { body: json(exampleBody) } : {}), ...over });
  const arbs: fc.Arbitrary<Input>[] = [];

  const paramNames = Object.keys(params);
  if (paramNames.length) {
    arbs.push(
      fc
        .record({ name: fc.constantFrom(...paramNames), value: fc.constantFrom(...EDGE_SEGMENTS) })
        .map(({ name, value }) => base({ path: { ...params, [name]: value } })),
    );
  }
  const queryKeys = [...new Set([...shapeKeys(d.query), ...Object.keys(query)])];
  const anyString = fc.oneof(fc.constantFrom(...EDGE_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }));
  if (queryKeys.length) {
    arbs.push(
      fc
        .record({ key: fc.constantFrom(...queryKeys), value: anyString })
        .map(({ key, value }) => base({ query: { ...query, [key]: value } })),
      fc
        .record({ key: fc.constantFrom(...queryKeys), values: fc.array(anyString, { minLength: 2, maxLength: 3 }) })
        .map(({ key, values }) => base({ query: { ...query, [key]: values } })),
    );
  }
  // Unknown query parameters, on every operation.
  arbs.push(
    fc
      .record({ key: fc.constantFrom('__proto__', 'constructor', 'x', 'funderId[]', 'id'), value: anyString })
      .map(({ key, value }) => base({ query: { ...query, [key]: value } })),
  );

  if (d.body) {
    const paths = [...valuePaths(exampleBody), ...shapeKeys(d.body).map((k) => [k])];
    const edge = fc.oneof(fc.constantFrom(...EDGE_VALUES), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.double(), fc.integer());
    if (paths.length) {
      const pathArb = fc.constantFrom(...paths.map((p) => JSON.stringify(p))).map((p) => JSON.parse(p) as (string | number)[]);
      arbs.push(
        fc.record({ p: pathArb, v: edge }).map(({ p, v }) => base({ body: json(setAt(exampleBody, p, v)) })),
        pathArb.map((p) => base({ body: json(setAt(exampleBody, p, undefined, true)) })),
      );
    }
    arbs.push(
      fc.record({ k: fc.string({ maxLength: 12 }), v: edge }).map(({ k, v }) =>
        base({
          body: json(
            typeof exampleBody === 'object' && exampleBody !== null && !Array.isArray(exampleBody)
              ? { ...exampleBody, [k || 'extra']: v }
              : v,
          ),
        }),
      ),
      fc.constantFrom<unknown>(null, [], 'text', 42, true, [exampleBody]).map((v) => base({ body: json(v) })),
      fc.constantFrom(...MALFORMED_JSON).map((raw) => base({ body: { raw, type: 'application/json' } })),
      fc.constantFrom(...WRONG_TYPES).map((type) => base({ body: { raw: JSON.stringify(exampleBody), type } })),
    );
  }
  return fc.oneof(...arbs);
}

// ------------------------------------------------------------------------------------------- requests

function urlOf(d: RouteDoc, input: Input): string {
  const path = d.path.replace(/\{([^}]+)\}/g, (_w, name: string) => {
    const v = input.path[name] ?? '1';
    // Edge segments carry their own (possibly malformed) escapes; example values are plain.
    return EDGE_SEGMENTS.includes(v) ? v : encodeURIComponent(v);
  });
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query)) for (const one of Array.isArray(v) ? v : [v]) qs.append(k, one);
  const s = qs.toString();
  return `${server.baseURL}${path}${s ? `?${s}` : ''}`;
}

type Outcome = { status: number; text: string };

async function send(d: RouteDoc, input: Input): Promise<Outcome> {
  const headers: Record<string, string> = { 'x-forwarded-for': uniqueIp() };
  if (d.auth !== 'public') headers.authorization = `Bearer ${adminToken}`;
  const init: RequestInit = { method: d.method.toUpperCase(), headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) };
  if (input.body && d.method !== 'get') {
    if (input.body.type) headers['content-type'] = input.body.type;
    init.body = input.body.raw;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(urlOf(d, input), init);
      const text = res.status >= 400 ? (await res.text()).slice(0, 300) : (await res.body?.cancel(), '');
      return { status: res.status, text };
    } catch (e) {
      if ((e as Error).name === 'TimeoutError') return { status: -1, text: `no answer in ${REQUEST_TIMEOUT_MS} ms` };
      // A kept-alive connection the server closed as the request went out ("other side closed": the server read
      // nothing of it) is a race of the loaded test machine, not an answer: sent once more on a new connection.
      // Any other failure, or the same one twice, is the outcome.
      const cause = (e as Error & { cause?: { code?: string; message?: string } }).cause;
      if (attempt === 1 && cause?.code === 'UND_ERR_SOCKET') continue;
      return { status: -1, text: `${String(e)}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}` };
    }
  }
}

const describeInput = (input: Input) => JSON.stringify(input).slice(0, 400);

describe('fuzz: every documented operation with invalid and edge inputs', () => {
  it.each(OPERATIONS.map((d) => [`${d.method.toUpperCase()} ${d.path}`, d] as const))('%s', async (_name, d) => {
    budgetStart ||= performance.now();
    const remaining = BUDGET_MS - (performance.now() - budgetStart);
    // Our own deadline rather than fast-check's interruptAfterTimeLimit, which abandons the request in flight
    // (it would then write during the next operation's checksum window). Runs after the deadline send nothing.
    const deadline = performance.now() + Math.max(1_500, Math.min(8_000, remaining / Math.max(1, opsLeft)));
    opsLeft--;
    const isWrite = d.method !== 'get';
    const failures: string[] = [];
    let accepted = 0;
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(inputsFor(d), async (input) => {
        if (sent > 0 && performance.now() > deadline) return;
        const before = isWrite ? checksum() : '';
        const { status, text } = await send(d, input);
        sent++;
        totals.requests++;
        if (status === -1 || status === 500 || (status > 500 && !(status in d.responses))) {
          failures.push(`${status} ${text} ← ${describeInput(input)}`);
          return;
        }
        if (!isWrite) return;
        if (status >= 400) {
          const after = checksum();
          totals.refused++;
          if (after !== before) failures.push(`refused with ${status} but changed ${diff(before, after)} ← ${describeInput(input)}`);
        } else {
          accepted++;
          totals.accepted++;
        }
      }),
      { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
    );
    expect(sent).toBeGreaterThan(0);
    expect(failures, `accepted ${accepted} of ${sent} edge inputs`).toEqual([]);
  });
});
