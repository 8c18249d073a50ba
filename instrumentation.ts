/**
 * Sentry for the server and edge runtimes, loaded only when SENTRY_DSN is set: with no DSN the SDK is
 * never imported, so nothing is sent anywhere and request throughput is not taxed.
 */
export async function register() {
  // Values the funders' books before the first request (services/portfolio/warm.ts); a failure only costs the first request its speed.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // A production server does not run on a fixed date (QUANTUM_TODAY) unless that is meant (lib/clock).
    const { clockStartProblem } = await import('@/lib/clock');
    const clockProblem = clockStartProblem();
    if (clockProblem) {
      console.error(`QUANTUM cannot start: ${clockProblem}`);
      process.exit(1);
    }
    const started = performance.now();
    // TRUST_PROXY: rewrite what a client claims about its address and host on every raw request, before Next reads it.
    const [{ subscribe }, { applyTrustProxy }, { env }] = await Promise.all([
      import('node:diagnostics_channel'),
      import('@/lib/auth/forwarded-headers'),
      import('@/lib/env'),
    ]);
    const hops = env().TRUST_PROXY;
    subscribe('http.server.request.start', (message) => {
      const { request, socket } = message as {
        request: { headers: Record<string, string | string[] | undefined> };
        socket: { remoteAddress?: string };
      };
      applyTrustProxy(request.headers, socket.remoteAddress, hops);
    });
    // A Vercel preview's /tmp database: created, migrated and seeded with the whole demo (its facilities too,
    // which need the services) before the first request and before the books are warmed.
    const { isEphemeralDeployment } = await import('@/lib/env');
    if (isEphemeralDeployment()) {
      try {
        const { prepareDatabase } = await import('@/services/database/prepare');
        const { areas } = await prepareDatabase();
        if (areas.length > 0) console.log(`[database] preview database prepared: ${areas.join(', ')}`);
      } catch (e) {
        console.warn('[database] the preview database was not prepared at start:', e instanceof Error ? e.message : e);
      }
    }
    try {
      const { warmPortfolioCaches } = await import('@/services/portfolio/warm');
      const { funders, leases, ms } = await warmPortfolioCaches();
      if (funders > 0) console.log(`[portfolio] valued ${leases} leases of ${funders} funder(s) in ${Math.round(ms)} ms`);
    } catch (e) {
      console.warn('[portfolio] the books were not valued at start:', e instanceof Error ? e.message : e);
    }
    // Then what the first pages read (services/servicing/warm.ts: the servicing and credit state, the Dashboard's tiles,
    // the pool, Delinquency, behaviour and the servicing reports), before the health check answers: the server is ready
    // when the book is. Built after the start, each of these held every request behind it for seconds at a time on a
    // 100,000-lease book (a first Dashboard waited 17 s after the health answer).
    try {
      const { warmServicingCaches } = await import('@/services/servicing/warm');
      const { funders, leases, ms } = await warmServicingCaches();
      if (funders > 0)
        console.log(`[servicing] built the servicing and credit state of ${leases} leases of ${funders} funder(s) in ${Math.round(ms)} ms`);
    } catch (e) {
      console.warn('[servicing] the servicing state was not built at start:', e instanceof Error ? e.message : e);
    }
    // Then the facilities' credit states, collateral, borrowing bases and latest covenant tests at today
    // (services/facilities/warm.ts), also before the health check answers (the Dashboard's facilities tile reads them).
    try {
      const { warmFacilityCaches } = await import('@/services/facilities/warm');
      const { facilities, ms } = await warmFacilityCaches();
      if (facilities > 0)
        console.log(
          `[facilities] warmed the borrowing bases of ${facilities} facilit${facilities === 1 ? 'y' : 'ies'} in ${Math.round(ms)} ms`,
        );
    } catch (e) {
      console.warn('[facilities] the borrowing bases were not warmed at start:', e instanceof Error ? e.message : e);
    }
    // Then, in the background (never delaying readiness nor failing the start):
    void Promise.resolve()
      // Then the reports' missing month-end snapshots (services/history/warm.ts), month by month in the background.
      .then(() => import('@/services/history/warm'))
      .then(({ warmSnapshots }) => warmSnapshots())
      .then(({ funders, months, ms }) => {
        if (months > 0) console.log(`[history] built ${months} month-end snapshot(s) of ${funders} funder(s) in ${Math.round(ms)} ms`);
      })
      .catch((e: unknown) => console.warn('[history] the month-end snapshots were not built at start:', e instanceof Error ? e.message : e))
      // The last line of the background warm-up, whatever each step did (the benchmarks wait for it: bench/common.ts).
      .then(() => console.log(`[warm-up] done ${Math.round(performance.now() - started)} ms after the start`));
  }
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
