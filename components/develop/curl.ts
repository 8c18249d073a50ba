import type { OpenApiOperation } from '@/lib/openapi/document';

/** Single-quotes a shell word ('it'\''s'). */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The path with its template filled: '/api/leases/{id}' + { id: '7' } → '/api/leases/7'. */
export function fillPath(path: string, params: Record<string, string | undefined>): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined || v === '' ? whole : encodeURIComponent(v);
  });
}

/** A query string of the non-empty values, in the given order ('' when none). */
export function queryString(values: Record<string, string | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') qs.append(k, v);
  const s = qs.toString();
  return s ? `?${s}` : '';
}

/**
 * The curl line of an operation's example: bearer header, -X for anything but GET, a JSON body with
 * -H Content-Type and -d. Public operations carry no Authorization header.
 */
export function curlFor(method: string, path: string, op: Pick<OpenApiOperation, 'x-auth' | 'x-example'>, origin: string): string {
  const example = op['x-example'] ?? {};
  const url = `${origin}${fillPath(path, example.params ?? {})}${queryString(example.query ?? {})}`;
  const parts = ['curl'];
  if (method.toUpperCase() !== 'GET') parts.push(`-X ${method.toUpperCase()}`);
  if (op['x-auth'] !== 'public') parts.push('-H "Authorization: Bearer $TOKEN"');
  if (example.body !== undefined) {
    parts.push(`-H 'Content-Type: application/json'`);
    parts.push(`-d ${shellQuote(JSON.stringify(example.body))}`);
  }
  parts.push(shellQuote(url));
  return parts.join(' \\\n  ');
}
