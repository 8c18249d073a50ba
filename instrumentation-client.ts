/**
 * Sentry in the browser, only when NEXT_PUBLIC_SENTRY_DSN was set at build time (it is inlined then);
 * otherwise the SDK is not even downloaded.
 */
const dsn = process.env.NEXT_PUBLIC_SENTRY_DSN;

if (dsn) {
  void import('@sentry/nextjs').then((Sentry) => {
    Sentry.init({ dsn, tracesSampleRate: 1 });
  });
}

export function onRouterTransitionStart(...args: unknown[]) {
  if (!dsn) return;
  void import('@sentry/nextjs').then((Sentry) => (Sentry.captureRouterTransitionStart as (...a: unknown[]) => void)(...args));
}
