/**
 * A real OpenID Connect provider (the `oidc-provider` package) for the browser tests, on 127.0.0.1.
 *
 *   npx tsx tests/helpers/oidc-server.ts 3401
 *
 * Issuer `http://127.0.0.1:<port>`, one confidential client `quantum-e2e` (authorization code + PKCE,
 * client_secret_basic) and two accounts, chosen on a minimal login page:
 *   - funder.analyst@idp.test ("Fiona Funder"): granted `openid profile email read:funders`
 *   - no.scope@idp.test ("Nils NoScope"): signed in, but granted only `openid profile email`
 * Consent is automatic and follows the account: requested scopes the account may have are granted, the
 * others are rejected. `read:funders` is declared in the provider's `scopes`, so the grant decides what
 * the token response's `scope` (what QUANTUM reads) contains. Access tokens are opaque.
 *
 * Extra redirect URIs (other QUANTUM ports) can be passed as OIDC_E2E_REDIRECT_URIS (comma-separated).
 * State is in memory; signing and cookie keys are generated per start.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

export const OIDC_CLIENT_ID = 'quantum-e2e';
export const OIDC_CLIENT_SECRET = 'quantum-e2e-client-secret';
export const FUNDERS_SCOPE = 'read:funders';

type Account = { sub: string; email: string; name: string; scopes: readonly string[] };

export const OIDC_ACCOUNTS: readonly Account[] = [
  {
    sub: 'idp-funder-analyst',
    email: 'funder.analyst@idp.test',
    name: 'Fiona Funder',
    scopes: ['openid', 'profile', 'email', FUNDERS_SCOPE],
  },
  { sub: 'idp-no-scope', email: 'no.scope@idp.test', name: 'Nils NoScope', scopes: ['openid', 'profile', 'email'] },
];

// ---- the small part of oidc-provider's API used here (the package ships no type definitions) ----

type Payload = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string; consumed?: number };

interface Interaction {
  uid: string;
  prompt: { name: string; reasons: string[]; details: { missingOIDCScope?: string[] } };
  params: Record<string, unknown> & { client_id?: string; scope?: string };
  session?: { accountId?: string };
  grantId?: string;
}

interface Grant {
  addOIDCScope(scope: string): void;
  rejectOIDCScope(scope: string): void;
  save(): Promise<string>;
}

interface Provider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: { new (init: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
  on(event: string, listener: (...args: unknown[]) => void): void;
}

type ProviderModule = { Provider: new (issuer: string, configuration: Record<string, unknown>) => Provider };

// ---- a minimal in-memory adapter (the package's own one prints a development warning) ----

type Stored = { payload: Payload; expiresAt?: number };
const store = new Map<string, Stored>();
const grantIndex = new Map<string, Set<string>>();

class MemoryAdapter {
  constructor(private readonly model: string) {}

  private key(id: string) {
    return `${this.model}:${id}`;
  }

  private static read(key: string | undefined): Payload | undefined {
    if (!key) return undefined;
    const hit = store.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt !== undefined && hit.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return hit.payload;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number) {
    const key = this.key(id);
    store.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
    if (payload.uid) store.set(`uid:${payload.uid}`, { payload: { key } });
    if (payload.userCode) store.set(`userCode:${payload.userCode}`, { payload: { key } });
    if (payload.grantId) {
      const members = grantIndex.get(payload.grantId) ?? new Set<string>();
      members.add(key);
      grantIndex.set(payload.grantId, members);
    }
  }

  async find(id: string) {
    return MemoryAdapter.read(this.key(id));
  }

  async findByUid(uid: string) {
    return MemoryAdapter.read(store.get(`uid:${uid}`)?.payload.key as string | undefined);
  }

  async findByUserCode(userCode: string) {
    return MemoryAdapter.read(store.get(`userCode:${userCode}`)?.payload.key as string | undefined);
  }

  async consume(id: string) {
    const payload = MemoryAdapter.read(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string) {
    store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string) {
    for (const key of grantIndex.get(grantId) ?? []) store.delete(key);
    grantIndex.delete(grantId);
  }
}

// ---- the login page ----

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, clientId: string): string {
  const buttons = OIDC_ACCOUNTS.map(
    (a) =>
      `<li><button type="submit" name="account" value="${escapeHtml(a.sub)}">${escapeHtml(a.email)}</button> ` +
      `<span>${escapeHtml(a.name)}</span></li>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Test identity provider — sign in</title></head>
<body>
<main>
<h1>Test identity provider</h1>
<p>Sign in to <strong>${escapeHtml(clientId)}</strong> as:</p>
<form method="post" action="/interaction/${encodeURIComponent(uid)}/login" aria-label="Choose an account">
<ul>
${buttons}
</ul>
</form>
</main>
</body>
</html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8') {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}

/** Grants the requested scopes the account may have and rejects the others (e.g. read:funders for Nils). */
async function autoConsent(provider: Provider, interaction: Interaction): Promise<string> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  const account = OIDC_ACCOUNTS.find((a) => a.sub === accountId);
  if (!account || !clientId) throw new Error('consent without a signed-in account or client');
  const grant =
    (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
    new provider.Grant({ accountId: account.sub, clientId });
  const requested = interaction.prompt.details.missingOIDCScope ?? interaction.params.scope?.split(' ') ?? [];
  const granted = requested.filter((s) => account.scopes.includes(s));
  const rejected = requested.filter((s) => !account.scopes.includes(s));
  if (granted.length) grant.addOIDCScope(granted.join(' '));
  if (rejected.length) grant.rejectOIDCScope(rejected.join(' '));
  return grant.save();
}

async function handleInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse, action: string | undefined) {
  const interaction = await provider.interactionDetails(req, res);
  const prompt = interaction.prompt.name;

  if (prompt === 'login') {
    if (req.method === 'GET' && !action) {
      send(res, 200, loginPage(interaction.uid, String(interaction.params.client_id ?? '')), 'text/html; charset=utf-8');
      return;
    }
    if (req.method === 'POST' && action === 'login') {
      const accountId = (await readForm(req)).get('account');
      if (!OIDC_ACCOUNTS.some((a) => a.sub === accountId)) {
        send(res, 400, 'unknown account');
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
  } else if (prompt === 'consent') {
    const grantId = await autoConsent(provider, interaction);
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return;
  }
  send(res, 400, `unsupported interaction: ${prompt}`);
}

// ---- the provider ----

export async function createOidcServer(port: number, redirectUris: string[]): Promise<http.Server> {
  // oidc-provider is ESM-only and untyped; a computed specifier keeps the typed surface above authoritative.
  const specifier: string = 'oidc-provider';
  const { Provider } = (await import(specifier)) as ProviderModule;

  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    use: 'sig',
    alg: 'RS256',
  };

  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // `read:funders` is not an OpenID scope: declaring it makes the grant (and so the token response) carry it.
    scopes: ['openid', 'profile', 'email', FUNDERS_SCOPE],
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    // next-auth (idToken: true) reads the profile from the ID token, not from userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const account = OIDC_ACCOUNTS.find((a) => a.sub === id);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        async claims() {
          return { sub: account.sub, email: account.email, email_verified: true, name: account.name };
        },
      };
    },
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><title>oidc error</title></head><body><pre>${escapeHtml(
        JSON.stringify(out, null, 2),
      )}</pre></body></html>`;
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  provider.on('server_error', (_ctx, err) => console.error('oidc-provider server_error', err));

  const callback = provider.callback();
  const server = http.createServer((req, res) => {
    const match = /^\/interaction\/([^/?]+)(?:\/([a-z]+))?\/?(?:\?.*)?$/.exec(req.url ?? '');
    if (!match) {
      callback(req, res);
      return;
    }
    handleInteraction(provider, req, res, match[2]).catch((err: unknown) => {
      console.error('oidc interaction failed', err);
      if (!res.headersSent) send(res, 400, err instanceof Error ? err.message : String(err));
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

async function main() {
  const port = Number(process.argv[2] ?? 3401);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`invalid port: ${process.argv[2]}`);
  const extra = (process.env.OIDC_E2E_REDIRECT_URIS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const appPort = Number(process.argv[3] ?? 3400);
  const redirectUris = [...new Set([`http://127.0.0.1:${appPort}/api/auth/callback/oidc`, ...extra])];
  const server = await createOidcServer(port, redirectUris);
  console.log(`oidc provider ready at http://127.0.0.1:${port} (redirect URIs: ${redirectUris.join(', ')})`);
  const shutdown = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
