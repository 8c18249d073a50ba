import { config as zodConfig } from 'zod/v4/core';

/*
 * zod 4 probes whether `new Function('')` works before compiling fast object parsers. Under the pages'
 * Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported as a CSP violation: in the browser
 * zod runs without it. The server keeps the compiled parsers.
 */
zodConfig({ jitless: true });

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
