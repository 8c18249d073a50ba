/** Small HTTP helpers for tests against a started server. */

export type Jar = Map<string, string>;

export function storeCookies(jar: Jar, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    if (/expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

export function cookieHeader(jar: Jar): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A random documentation-range client address, so rate-limit tests don't interfere with each other. */
export function uniqueIp(): string {
  const b = crypto.getRandomValues(new Uint8Array(2));
  return `198.51.${b[0]}.${b[1]}`;
}

export async function postJson(baseURL: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Signs in through next-auth's credentials flow (csrf token, then the callback) and returns the cookie jar. */
export async function signInWithForm(
  baseURL: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{ jar: Jar; status: number; url: string | null; retryAfter: string | null }> {
  const jar: Jar = new Map();
  const csrfRes = await fetch(`${baseURL}/api/auth/csrf`, { headers });
  storeCookies(jar, csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${baseURL}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(jar), ...headers },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }).toString(),
  });
  storeCookies(jar, res);
  const body = (await res.json().catch(() => null)) as { url?: unknown } | null;
  return { jar, status: res.status, url: typeof body?.url === 'string' ? body.url : null, retryAfter: res.headers.get('retry-after') };
}

export function sessionCookie(jar: Jar): string | undefined {
  return jar.get('next-auth.session-token') ?? jar.get('__Secure-next-auth.session-token');
}

/** The demo users; admin2 is the seed's second admin (four eyes on funder settings). */
export type DemoUser = 'admin' | 'admin2' | 'analyst' | 'viewer' | 'client';

/** Access tokens of demo users (password quantum-demo) from POST /jwt/login, each from its own client address. */
export async function demoTokens<U extends DemoUser>(baseURL: string, users: readonly U[]): Promise<Record<U, string>> {
  const tokens = {} as Record<U, string>;
  for (const who of users) {
    const res = await postJson(
      baseURL,
      '/jwt/login',
      { email: `${who}@quantum.demo`, password: 'quantum-demo' },
      { 'x-forwarded-for': uniqueIp() },
    );
    if (res.status !== 200) throw new Error(`sign-in of ${who} failed with ${res.status}`);
    tokens[who] = ((await res.json()) as { accessToken: string }).accessToken;
  }
  return tokens;
}
