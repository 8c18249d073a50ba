/**
 * Several servers on one PostgreSQL database (#35, item 4). Two `npm start` processes are started at the same moment
 * on one new, empty database (one prepares it, the other waits for the preparation's lock and finds it done), behind
 * a round-robin proxy in the test. A write answered by one server is what the next request, answered by the other,
 * returns: each server's book engine catches up from the shared change journal on every request. A server killed
 * with SIGKILL while payments and a bank-statement import are written through it loses no acknowledged write, and
 * leaves no half-written import.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoTokens } from '../helpers/http';
import { createTestDatabase, type TestDatabase } from '../helpers/pg';
import { startServer, type StartedServer } from '../helpers/server';

let database: TestDatabase;
let servers: StartedServer[] = [];
let proxy: http.Server;
let proxyURL: string;
let token: string;
let client: pg.Client;

/** A round-robin proxy: each request goes to the next server in turn. */
function roundRobin(targets: StartedServer[]): Promise<http.Server> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]!.baseURL);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  database = await createTestDatabase('two');
  // One secret for both: a token or session cookie one server issues, the other accepts (README, "Several servers").
  const env = { NEXTAUTH_SECRET: randomBytes(32).toString('hex') };
  servers = await Promise.all([0, 1].map(() => startServer({ databaseUrl: database.url, npmStart: true, env })));
  proxy = await roundRobin(servers);
  proxyURL = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  token = (await demoTokens(proxyURL, ['admin'] as const)).admin;
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
}, 400_000);

afterAll(async () => {
  await client?.end();
  proxy?.close();
  await Promise.all(servers.map((s) => s.stop()));
  await database?.drop();
});

async function call(base: string, method: string, url: string, body?: unknown): Promise<Response> {
  return await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

type LeaseView = { id: number; version: number; rate: number };

describe('two servers on one PostgreSQL database', () => {
  test('started at once on an empty database, exactly one of them prepared and seeded it', () => {
    const seeded = servers.filter((s) => /\(created and seeded with demo data\)/.test(s.output()));
    expect(seeded).toHaveLength(1);
    for (const s of servers) expect(s.output()).toMatch(/QUANTUM is running at/);
  });

  test('a lease edited through one server is read through the other at once, through the proxy', async () => {
    const leaseId = (await client.query(`select id from leases where funder_id = 1 and status = 'active' order by id limit 1`)).rows[0]
      .id as number;
    for (let round = 0; round < 4; round++) {
      // The proxy alternates: the read after each write goes to the other server.
      const before = (await json<{ lease: LeaseView }>(await call(proxyURL, 'GET', `/api/leases/${leaseId}?funderId=1`))).lease;
      const rate = Math.round((0.05 + round / 1000) * 1e6) / 1e6;
      const edited = await call(proxyURL, 'PATCH', `/api/leases/${leaseId}`, { version: before.version, rate });
      expect(edited.status, await edited.clone().text()).toBe(200);
      const after = (await json<{ lease: LeaseView }>(await call(proxyURL, 'GET', `/api/leases/${leaseId}?funderId=1`))).lease;
      expect(after.version).toBe(before.version + 1);
      expect(after.rate).toBe(rate);
    }
  });

  test('a payment recorded on one server is in the next Delinquency of the other', async () => {
    const [a, b] = servers.map((s) => s.baseURL) as [string, string];
    const url = '/api/servicing/delinquency?funderId=1&perPage=100&sort=arrearsTotal&dir=desc';
    type Row = { leaseId: number; arrearsTotal: number; currency: string };
    const owing = (await json<{ rows: Row[] }>(await call(b, 'GET', url))).rows.find((r) => r.arrearsTotal > 0)!;
    expect(owing).toBeDefined();
    await json(
      await call(a, 'POST', '/api/payments?funderId=1', {
        leaseId: owing.leaseId,
        receivedOn: new Date().toISOString().slice(0, 10),
        amount: owing.arrearsTotal,
        currency: owing.currency,
        method: 'transfer',
      }),
      201,
    );
    const after = (await json<{ rows: Row[] }>(await call(b, 'GET', url))).rows;
    expect(after.find((r) => r.leaseId === owing.leaseId)?.arrearsTotal ?? 0).toBe(0);
  });

  test('a server killed with SIGKILL while it writes loses no acknowledged write and leaves no half-written import', async () => {
    const [victim, survivor] = servers as [StartedServer, StartedServer];
    const leases = (
      await client.query<{ id: number; contract_number: string; currency: string }>(
        `select id, contract_number, currency from leases where funder_id = 1 and status = 'active' order by id limit 40 offset 10`,
      )
    ).rows;
    const today = new Date().toISOString().slice(0, 10);
    const csv = [
      'date,amount,currency,reference,contract',
      ...leases.map((l, i) => `${today},${(10 + i).toFixed(2)},${l.currency},two-servers,${l.contract_number}`),
    ].join('\n');
    const acknowledged: number[] = [];
    let importAcknowledged: number | null = null;
    let stop = false;
    // Single payments, one after the other, until the server dies.
    const payments = (async () => {
      for (let i = 0; !stop; i++) {
        const lease = leases[i % leases.length]!;
        try {
          const res = await call(victim.baseURL, 'POST', '/api/payments?funderId=1', {
            leaseId: lease.id,
            receivedOn: today,
            amount: 1_00 + i,
            currency: lease.currency,
            method: 'transfer',
            reference: `kill-${i}`,
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { payment: { id: number } }).payment.id);
        } catch {
          return; // the connection died with the server
        }
      }
    })();
    // Bank-statement imports of 40 lines each, one after the other, until the server dies.
    const imports = (async () => {
      while (!stop) {
        try {
          const res = await call(victim.baseURL, 'POST', '/api/payments/import?funderId=1', { fileName: 'two-servers.csv', csv });
          if (res.status === 201) importAcknowledged = ((await res.json()) as { import: { id: number } }).import.id;
        } catch {
          return;
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 2_000));
    victim.kill();
    stop = true;
    await Promise.all([payments, imports]);
    expect(acknowledged.length).toBeGreaterThan(0);

    // Every acknowledged payment is in the database, and the surviving server shows it.
    const { rows } = await client.query<{ id: number }>('select id from payments where id = any($1::int8[])', [acknowledged]);
    expect(rows.map((r) => r.id).sort((x, y) => x - y)).toEqual([...acknowledged].sort((x, y) => x - y));
    const last = (await client.query('select id, lease_id from payments where id = $1', [acknowledged[acknowledged.length - 1]])).rows[0];
    const listed = await json<{ payments: { id: number }[] }>(
      await call(survivor.baseURL, 'GET', `/api/payments?funderId=1&lease=${last.lease_id}&perPage=100`),
    );
    expect(listed.payments.map((p) => p.id)).toContain(last.id);
    // Each import is whole: all its lines, each matched line with its payment; none half-written.
    const counts = await client.query<{ id: number; lines: number; paid: number }>(
      `select i.id, (select count(*)::int from payment_import_lines l where l.import_id = i.id) as lines,
              (select count(*)::int from payments p where p.import_id = i.id) as paid
         from payment_imports i where i.file_name = 'two-servers.csv'`,
    );
    for (const row of counts.rows) expect(row).toMatchObject({ lines: leases.length, paid: leases.length });
    if (importAcknowledged !== null) expect(counts.rows.map((r) => r.id)).toContain(importAcknowledged);
  }, 120_000);
});
