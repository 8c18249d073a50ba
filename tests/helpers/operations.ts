/** The operations of the served OpenAPI document, for tests that must cover every route without a list of their own. */
import type { OpenApiDocument, OpenApiOperation } from '@/lib/openapi/document';
import type { HttpMethod } from '@/lib/openapi/registry';

export type DocumentedOperation = {
  method: HttpMethod;
  /** The documented path, templated ('/api/leases/{id}'); aliases are operations of their own. */
  path: string;
  op: OpenApiOperation;
  /** 'public', 'signed-in' or the scope required. */
  auth: string;
  isWrite: boolean;
};

const METHODS: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

export async function fetchOpenApi(baseURL: string, token: string): Promise<OpenApiDocument> {
  const res = await fetch(`${baseURL}/api/openapi.json`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

export function operationsOf(doc: OpenApiDocument): DocumentedOperation[] {
  const out: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) out.push({ method, path, op, auth: op['x-auth'], isWrite: method !== 'get' });
    }
  }
  return out;
}

/** Path with its template filled from the given values, else the example, else '1' (an id that exists in the seed). */
export function examplePath(o: DocumentedOperation, override: Record<string, string> = {}): string {
  const example = o.op['x-example']?.params ?? {};
  return o.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    if (name in override) return override[name]!;
    return encodeURIComponent(example[name] ?? '1');
  });
}

export function exampleQuery(o: DocumentedOperation): Record<string, string> {
  return { ...(o.op['x-example']?.query ?? {}) };
}

export function exampleBody(o: DocumentedOperation): unknown {
  const json = o.op.requestBody?.content['application/json'];
  return json?.example ?? o.op['x-example']?.body;
}

export function withQuery(path: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** Runs tasks with at most `limit` in flight. */
export async function pool<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
