/**
 * The Content-Security-Policy of every HTML page. Scripts need the per-request nonce (Next reads it from the
 * request's CSP header and puts it on its own scripts); 'strict-dynamic' lets those load the chunks they import.
 * Styles keep 'unsafe-inline': React style attributes (recharts, the shell) and sonner's injected <style> cannot
 * carry a nonce, and a nonce in style-src would make browsers ignore 'unsafe-inline'.
 */
export type CspOptions = {
  nonce: string;
  /** React needs eval in development only (readable server error stacks). */
  isDev: boolean;
  /** Extra origins the browser may send data to (the Sentry ingest host when a DSN is built in). */
  connectOrigins?: readonly string[];
};

export function buildCsp({ nonce, isDev, connectOrigins = [] }: CspOptions): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(isDev ? ["'unsafe-eval'"] : [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...connectOrigins],
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** A fresh 128-bit nonce, base64 (Web Crypto: the proxy runs on Node, but this needs no node: import). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The origin of a Sentry DSN (https://key@o1.ingest.sentry.io/2 → https://o1.ingest.sentry.io), or null. */
export function dsnOrigin(dsn: string | undefined): string | null {
  if (!dsn) return null;
  try {
    return new URL(dsn).origin;
  } catch {
    return null;
  }
}
