/** POSTs JSON to one of the documented app endpoints; resolves to the parsed body, throws on a non-2xx answer. */
export async function postJson<T = unknown>(url: string, body: unknown, method: 'POST' | 'PATCH' | 'DELETE' = 'POST'): Promise<T> {
  const res = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json().catch(() => ({}))) as T;
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return json;
}
