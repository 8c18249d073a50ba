import type { z } from 'zod';
import type { Scope } from '@/lib/auth/scopes';

/**
 * The documentation contract of QUANTUM's HTTP API: one `RouteDoc` per route file and method, built from
 * the same zod schemas the handler validates with (import them from lib/validations — never restate a
 * schema here). `lib/openapi/document.ts` turns the list into the OpenAPI 3.1 document served at
 * GET /api/openapi.json, and tests/unit/openapi-coverage.test.ts fails when a route file under app/api
 * exports a method that no RouteDoc describes.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type ResponseDoc = {
  description: string;
  /** JSON body schema; omit for bodies that are not JSON (set `contentType`) or empty responses. */
  schema?: z.ZodType;
  /** Defaults to application/json when `schema` is set. */
  contentType?: string;
};

export type RouteDoc = {
  method: HttpMethod;
  /** The path of the route file as served, with OpenAPI templating: '/api/leases/{id}', '/api/apps/email/emails'. */
  path: string;
  /** Other documented paths answering the same (rewrites): '/apps/email/emails', '/jwt/login', '/faq/data'. */
  aliases?: string[];
  /** Group on the Develop page, e.g. 'Email', 'Portfolio', 'Servicing'. */
  tag: string;
  summary: string;
  description?: string;
  /** 'public': no credential; null: any signed-in user or bearer token; otherwise the scope required. */
  auth: 'public' | null | Scope;
  /** zod object of query parameters (as strings on the wire: use z.coerce / preprocess like the handler does). */
  query?: z.ZodType;
  /** zod object of path parameters ({id}). */
  params?: z.ZodType;
  /** JSON request body. */
  body?: z.ZodType;
  /** Content type of a non-JSON request body, e.g. 'text/csv' or 'multipart/form-data'. */
  bodyContentType?: string;
  responses: Record<number, ResponseDoc>;
  /** A working example for the Develop page's try-it form and curl line. */
  example?: { query?: Record<string, string>; params?: Record<string, string>; body?: unknown };
};

/** Identity helper so each docs file gets type checking on its literal list. */
export function defineRoutes(docs: RouteDoc[]): RouteDoc[] {
  return docs;
}
