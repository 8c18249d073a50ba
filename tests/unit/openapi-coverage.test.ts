import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HttpMethod } from '@/lib/openapi/registry';
import { ROUTE_DOCS } from '@/lib/openapi/routes';

/**
 * Every route file under app/api must be described: each HTTP method it exports needs a RouteDoc of
 * the same (method, path), and every RouteDoc must name a route file that exports that method.
 */

const ROOT = process.cwd();
const API_DIR = join(ROOT, 'app', 'api');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Route files that are not ours to describe, with the reason. */
const EXCLUDED: Record<string, string> = {
  '/api/auth/[...nextauth]': "next-auth's own sign-in endpoints (browser forms and OAuth callbacks), not part of the documented API",
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' || name === 'route.tsx' ? [full] : [];
  });
}

/** 'app/api/leases/[id]/route.ts' → '/api/leases/[id]' (the folder path as served, before templating). */
export function routeFolder(file: string): string {
  const rel = relative(join(ROOT, 'app'), file).split(sep).slice(0, -1);
  return `/${rel.filter((s) => !/^\(.*\)$/.test(s)).join('/')}`;
}

/** '[id]' → '{id}'; catch-all segments are not templatable (they must be in EXCLUDED). */
export function toOpenApiPath(folder: string): string {
  return folder.replace(/\[([A-Za-z0-9_]+)\]/g, '{$1}');
}

/** The HTTP methods a route module exports, read from its source. */
export function exportedMethods(source: string): (typeof METHODS)[number][] {
  const found = new Set<(typeof METHODS)[number]>();
  for (const m of METHODS) {
    const direct = new RegExp(`export\\s+(?:const|let|var|async\\s+function|function)\\s+${m}\\b`);
    if (direct.test(source)) found.add(m);
  }
  for (const block of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of block[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if ((METHODS as readonly string[]).includes(name)) found.add(name as (typeof METHODS)[number]);
    }
  }
  return METHODS.filter((m) => found.has(m));
}

describe('exportedMethods', () => {
  it.each([
    ['export const GET = withAuth(…)', ['GET']],
    ['export async function POST(req) {}', ['POST']],
    ['export function DELETE() {}', ['DELETE']],
    ['const handler = 1; export { handler as GET, handler as POST };', ['GET', 'POST']],
    ['export { PATCH } from "./x";', ['PATCH']],
    ['export const GETTER = 1; export const dynamic = "force-dynamic";', []],
  ])('%s → %j', (source, methods) => {
    expect(exportedMethods(source)).toEqual(methods);
  });
});

describe('toOpenApiPath', () => {
  it.each([
    ['/api/leases/[id]', '/api/leases/{id}'],
    ['/api/quotations/[id]/status', '/api/quotations/{id}/status'],
    ['/api/openapi.json', '/api/openapi.json'],
  ])('%s → %s', (folder, path) => {
    expect(toOpenApiPath(folder)).toBe(path);
  });
});

const served = routeFiles(API_DIR).map((file) => ({ folder: routeFolder(file), methods: exportedMethods(readFileSync(file, 'utf8')) }));

describe('OpenAPI route coverage', () => {
  it('finds the route files (the walk works)', () => {
    expect(served.length).toBeGreaterThan(20);
    expect(served.find((s) => s.folder === '/api/leases/[id]')?.methods).toEqual(['GET', 'PATCH', 'DELETE']);
  });

  it('excludes only catch-all routes that exist, each with a reason', () => {
    for (const [folder, reason] of Object.entries(EXCLUDED)) {
      expect(
        served.some((s) => s.folder === folder),
        folder,
      ).toBe(true);
      expect(reason.length).toBeGreaterThan(20);
    }
    const catchAll = served.filter((s) => /\[\.\.\./.test(s.folder)).map((s) => s.folder);
    expect(catchAll.filter((f) => !(f in EXCLUDED))).toEqual([]);
  });

  it('every exported method of every route file has a RouteDoc', () => {
    const documented = new Set(ROUTE_DOCS.map((d) => `${d.method.toUpperCase()} ${d.path}`));
    const missing = served
      .filter((s) => !(s.folder in EXCLUDED))
      .flatMap((s) => s.methods.map((m) => `${m} ${toOpenApiPath(s.folder)}`))
      .filter((key) => !documented.has(key));
    expect(missing, `routes without a RouteDoc:\n${missing.join('\n')}`).toEqual([]);
  });

  it('every RouteDoc names a route file exporting its method', () => {
    const exported = new Set(served.flatMap((s) => s.methods.map((m) => `${m} ${toOpenApiPath(s.folder)}`)));
    const orphans = ROUTE_DOCS.map((d) => `${d.method.toUpperCase()} ${d.path}`).filter((key) => !exported.has(key));
    expect(orphans, `RouteDocs without a route:\n${orphans.join('\n')}`).toEqual([]);
  });

  it('no (method, path) is documented twice', () => {
    const keys = ROUTE_DOCS.map((d) => `${d.method} ${d.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('every alias is rewritten by next.config.mjs onto its served path', () => {
    const config = readFileSync(join(ROOT, 'next.config.mjs'), 'utf8');
    const rewrites = [...config.matchAll(/source:\s*'([^']+)'\s*,\s*destination:\s*'([^']+)'/g)].map((m) => ({
      source: m[1]!,
      destination: m[2]!,
    }));
    expect(rewrites.length).toBeGreaterThan(0);
    const target = (alias: string) => {
      for (const { source, destination } of rewrites) {
        if (source === alias) return destination;
        if (source.endsWith('/:path*') && destination.endsWith('/:path*')) {
          const from = source.slice(0, -':path*'.length);
          if (alias.startsWith(from)) return destination.slice(0, -':path*'.length) + alias.slice(from.length);
        }
      }
      return null;
    };
    const bad = ROUTE_DOCS.flatMap((d) =>
      (d.aliases ?? []).filter((a) => target(a) !== d.path).map((a) => `${a} → ${target(a)} (documented for ${d.path})`),
    );
    expect(bad).toEqual([]);
  });

  it('methods are lower-case HTTP methods', () => {
    const allowed: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];
    expect(ROUTE_DOCS.filter((d) => !allowed.includes(d.method))).toEqual([]);
  });
});
