/**
 * Sentry for the server and edge runtimes, loaded only when SENTRY_DSN is set: with no DSN the SDK is
 * never imported, so nothing is sent anywhere and request throughput is not taxed.
 */
export async function register() {
  if (!process.env.SENTRY_DSN) return;
  const Sentry = await import('@sentry/nextjs');
  // The specification's error reporter samples every trace.
  Sentry.init({ dsn: process.env.SENTRY_DSN, tracesSampleRate: 1, environment: process.env.SENTRY_ENVIRONMENT });
}

export async function onRequestError(...args: unknown[]) {
  if (!process.env.SENTRY_DSN) return;
  const Sentry = await import('@sentry/nextjs');
  (Sentry.captureRequestError as (...a: unknown[]) => void)(...args);
}
