import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appsRoutes } from '@/lib/openapi/docs/apps';

/** Every method exported by an email/chat/to-do/calendar route file has a RouteDoc with its /apps alias, and each example validates. */
const root = path.resolve(import.meta.dirname, '../../app/api/(compat)/apps');

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? routeFiles(full) : name === 'route.ts' ? [full] : [];
  });
}

const exported = ['email', 'chat', 'todo', 'calendar'].flatMap((area) =>
  routeFiles(path.join(root, area)).flatMap((file) => {
    const rel = path.relative(root, path.dirname(file)).split(path.sep).join('/');
    const methods = [...readFileSync(file, 'utf8').matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]!.toLowerCase());
    return methods.map((method) => [method, `/api/apps/${rel}`] as const);
  }),
);

describe('apps RouteDocs', () => {
  it('covers the 17 documented endpoints', () => {
    expect(exported).toHaveLength(17);
    expect(appsRoutes).toHaveLength(17);
  });

  it.each(exported)('%s %s is documented with its /apps alias', (method, p) => {
    const doc = appsRoutes.find((d) => d.method === method && d.path === p);
    expect(doc).toBeDefined();
    expect(doc!.aliases).toEqual([p.replace(/^\/api/, '')]);
    expect(doc!.auth).toBeNull();
    expect(doc!.responses[401]).toBeDefined();
  });

  it.each(appsRoutes.map((d) => [d.method, d.path, d] as const))(
    '%s %s: the example validates against the documented schemas',
    (_m, _p, doc) => {
      if (doc.example?.query) expect(doc.query!.safeParse(doc.example.query).success).toBe(true);
      if (doc.example?.body) expect(doc.body!.safeParse(doc.example.body).success).toBe(true);
      if (doc.method !== 'get') expect(doc.example).toBeDefined();
    },
  );
});
