import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminRoutes } from '@/lib/openapi/docs/admin';

describe('admin RouteDocs', () => {
  it.each(adminRoutes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s has JSON-schema-representable request schemas',
    (_, r) => {
      for (const s of [r.query, r.params, r.body])
        if (s) expect(() => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' })).not.toThrow();
      for (const res of Object.values(r.responses))
        if (res.schema) expect(() => z.toJSONSchema(res.schema!, { io: 'output', unrepresentable: 'any' })).not.toThrow();
    },
  );

  it.each(adminRoutes.filter((r) => r.example).map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s example passes its own schemas',
    (_, r) => {
      if (r.example?.query) expect(r.query!.safeParse(r.example.query).success).toBe(true);
      if (r.example?.params) expect(r.params!.safeParse(r.example.params).success).toBe(true);
      if (r.example?.body) expect(r.body!.safeParse(r.example.body).success).toBe(true);
    },
  );
});
