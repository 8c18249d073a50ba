import { randomUUID } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { isFinanceError } from '@/lib/finance/errors';
import { resolveRequestPrincipal, type Principal } from '@/services/auth/principal';
import { hasScope, type Scope } from '@/lib/auth/scopes';
import { ApiError, errorBody, errorResponse, type FieldIssue } from '@/lib/api/errors';
import { databaseErrorCode } from '@/db/errors';
import { DomainError, Invalid, TooLarge } from '@/lib/domain/errors';
import { assertFunderAccess } from '@/services/auth/funder-access';

export const MAX_BODY_BYTES = 1024 * 1024;

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export type HandlerContext = {
  req: NextRequest;
  principal: Principal;
  params: Record<string, string | string[]>;
};

type Options = {
  /** Scope required; null means any signed-in user. */
  scope: Scope | null;
};

/** Converts zod issues to { field, message } pairs. */
export function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ field: i.path.map(String).join('.') || '(root)', message: i.message }));
}

function logUnexpected(errorId: string, req: NextRequest, e: unknown) {
  console.error(`[api] ${errorId} ${req.method} ${req.nextUrl.pathname}`, e);
}

/** SQLite's SQLITE_BUSY (and its extended codes) as better-sqlite3 throws it. */
export function isDatabaseBusy(e: unknown): boolean {
  return databaseErrorCode(e)?.startsWith('SQLITE_BUSY') ?? false;
}

/**
 * Two writers raced for the same record: the second insert of a unique key (PostgreSQL 23505; SQLite's UNIQUE or
 * PRIMARY KEY constraint), or, on PostgreSQL, a transaction the server ended to break a deadlock or a serialization
 * conflict. The checks before such writes see only committed rows, so two writers at once can both pass them: the
 * database's own constraint then refuses the second, and that is an answer about the request, not a fault. `busy`: a
 * row the write needs stayed locked by another write past its wait (PostgreSQL 55P03: a tape import's commit holds
 * the leases it updates until it commits).
 */
export function concurrentWriteOf(e: unknown): 'duplicate' | 'retry' | 'busy' | undefined {
  const code = databaseErrorCode(e);
  if (code === '55P03') return 'busy';
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 'duplicate';
  if (code === '40001' || code === '40P01') return 'retry';
  return undefined;
}

/** Turns anything thrown into the one JSON error shape; unexpected errors become 500 with an error id, never a stack. */
export function toErrorResponse(req: NextRequest, e: unknown): Response {
  if (e instanceof ApiError) return errorResponse(e.code, e.message, e.issues, e.headers);
  if (e instanceof DomainError) return errorResponse(e.code, e.message, e.issues);
  if (e instanceof z.ZodError) return errorResponse('invalid', 'The request is invalid.', zodIssues(e));
  // The finance engine names the offending input; "no solution" is an answer about the input too.
  if (isFinanceError(e)) return errorResponse('invalid', e.message, e.field ? [{ field: e.field, message: e.message }] : undefined);
  // The database stayed locked by another writer past the busy timeout (a tape import's commit holds the write lock
  // for its whole transaction): the write can be repeated shortly, it is not a fault of the server.
  if (isDatabaseBusy(e))
    return errorResponse('unavailable', 'The database is busy with a large write; try again in a few seconds.', undefined, {
      'retry-after': '5',
    });
  const raced = concurrentWriteOf(e);
  if (raced === 'duplicate')
    return errorResponse('conflict', 'The same record was saved by another request at the same moment; reload to see it.');
  if (raced === 'busy')
    return errorResponse(
      'unavailable',
      'This record is being changed by another write (a tape import); try again in a few seconds.',
      undefined,
      {
        'retry-after': '5',
      },
    );
  if (raced === 'retry')
    return errorResponse('unavailable', 'Another change was being saved at the same moment; try again.', undefined, { 'retry-after': '1' });
  const errorId = randomUUID();
  logUnexpected(errorId, req, e);
  return Response.json(errorBody('internal', 'An unexpected error occurred.', undefined, errorId), { status: 500 });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie-authenticated write coming from another site (CSRF). The session cookie is SameSite=Lax,
 * which already keeps it off cross-site POSTs; this also refuses same-site sibling origins.
 * Clients that send neither header (scripts with a cookie) are not browsers and pass.
 */
export function isCrossSiteWrite(req: Request): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const site = req.headers.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host !== req.headers.get('host');
  } catch {
    return true;
  }
}

/**
 * Answers behind a credential are private: no shared or browser cache keeps them (a handler that chose its own
 * Cache-Control, e.g. a download, keeps it). A response with immutable headers is copied first.
 */
export function withNoStore(res: Response): Response {
  if (res.headers.has('cache-control')) return res;
  try {
    res.headers.set('cache-control', 'no-store');
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set('cache-control', 'no-store');
    return copy;
  }
}

/**
 * The principal of a request inside withAuth, so that parseQuery/parseBody check the funder a request names
 * (`funderId`, after the schema's default) against the principal's assignments: a route with a path id (a record)
 * answers 404 for another funder, any other 403.
 */
const callers = new WeakMap<Request, { principal: Principal; isRecord: boolean }>();

async function checkFunderOf(req: NextRequest, data: unknown): Promise<void> {
  const caller = callers.get(req);
  if (!caller || typeof data !== 'object' || data === null) return;
  // Without read:funders no funder data is served at all (e.g. the navbar search answers pages only).
  if (!hasScope(caller.principal.scopes, 'read:funders')) return;
  const funderId = (data as { funderId?: unknown }).funderId;
  if (typeof funderId === 'number') await assertFunderAccess(caller.principal, funderId, caller.isRecord ? 'record' : 'list');
}

/** Wraps a route handler: resolves the credential, checks the scope, maps errors; every answer is no-store. */
export function withAuth(options: Options, fn: (ctx: HandlerContext) => Promise<Response> | Response) {
  return async (req: NextRequest, ctx?: RouteContext): Promise<Response> => withNoStore(await authorizedCall(options, fn, req, ctx));
}

async function authorizedCall(
  options: Options,
  fn: (ctx: HandlerContext) => Promise<Response> | Response,
  req: NextRequest,
  ctx?: RouteContext,
): Promise<Response> {
  try {
    const cred = await resolveRequestPrincipal(req);
    if (!cred.principal) {
      const message =
        cred.reason === 'expired'
          ? 'The access token has expired.'
          : cred.reason === 'missing'
            ? 'Sign-in required.'
            : 'The credential is invalid.';
      return errorResponse('unauthorized', message, undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    if (cred.principal.via === 'session' && isCrossSiteWrite(req)) {
      return errorResponse('forbidden', 'Cross-site request refused.');
    }
    if (options.scope && !hasScope(cred.principal.scopes, options.scope)) {
      return errorResponse('forbidden', `This requires the ${options.scope} scope.`);
    }
    const params = ctx ? await ctx.params : {};
    // A static route resolves its params to undefined.
    callers.set(req, { principal: cred.principal, isRecord: Object.keys(params ?? {}).length > 0 });
    return await fn({ req, principal: cred.principal, params });
  } catch (e) {
    return toErrorResponse(req, e);
  }
}

/** Wraps a public route handler (no credential): only error mapping. */
export function publicHandler(fn: (req: NextRequest) => Promise<Response> | Response) {
  return async (req: NextRequest): Promise<Response> => {
    try {
      return await fn(req);
    } catch (e) {
      return toErrorResponse(req, e);
    }
  };
}

/** Reads a JSON body: 415 for another content type, 413 over 1 MiB, 400 for malformed JSON. */
export async function readJson(req: NextRequest): Promise<unknown> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) {
    throw new Invalid('The body must be JSON (Content-Type: application/json).');
  }
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new TooLarge('The body is larger than 1 MiB.');
  const buf = await req.arrayBuffer();
  if (buf.byteLength > MAX_BODY_BYTES) throw new TooLarge('The body is larger than 1 MiB.');
  const text = new TextDecoder().decode(buf);
  try {
    return JSON.parse(text);
  } catch {
    throw new Invalid('The body is not valid JSON.');
  }
}

/** Parses a JSON body with a zod schema (400 with the fields on failure). */
export async function parseBody<S extends z.ZodType>(req: NextRequest, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readJson(req));
  if (!result.success) throw new Invalid('The request body is invalid.', zodIssues(result.error));
  await checkFunderOf(req, result.data);
  return result.data;
}

/** Parses the query string with a zod schema (values are strings: coerce in the schema). */
export async function parseQuery<S extends z.ZodType>(req: NextRequest, schema: S): Promise<z.infer<S>> {
  const raw: Record<string, string | string[]> = {};
  for (const [k, v] of req.nextUrl.searchParams) {
    const prev = raw[k];
    raw[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw new Invalid('The query string is invalid.', zodIssues(result.error));
  await checkFunderOf(req, result.data);
  return result.data;
}
