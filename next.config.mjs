import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
];

/**
 * The documented API answers at its original paths (/jwt/login, /apps/…) as well as under /api/: one entry per
 * prefix (tests/unit/openapi-coverage.test.ts checks every documented alias against them), served by one rule.
 */
const compatRewrites = [
  { source: '/jwt/:path*', destination: '/api/jwt/:path*' },
  { source: '/apps/:path*', destination: '/api/apps/:path*' },
  // Static content and cards (api-reference §12); pages always live under /{locale}/…, so these never shadow one.
  { source: '/account-setting/:path*', destination: '/api/account-setting/:path*' },
  { source: '/profile/:path*', destination: '/api/profile/:path*' },
  { source: '/faq/:path*', destination: '/api/faq/:path*' },
  { source: '/pricing/:path*', destination: '/api/pricing/:path*' },
  { source: '/blog/:path*', destination: '/api/blog/:path*' },
  { source: '/card/:path*', destination: '/api/card/:path*' },
];
if (compatRewrites.some((r) => r.destination !== `/api${r.source}`)) throw new Error('a compatibility rewrite must map /x/… onto /api/x/…');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // forbidden(): the proxy's 403 for funder pages renders app/[locale]/forbidden.tsx with status 403.
  experimental: { authInterrupts: true },
  // Native or heavy server-only packages stay out of the bundle.
  serverExternalPackages: ['better-sqlite3', '@node-rs/argon2', 'exceljs', 'pdfkit'],
  async rewrites() {
    // One rule for every prefix: Next tests each rewrite's pattern on every request, pages included.
    const prefixes = compatRewrites.map((r) => r.source.slice(1, -'/:path*'.length));
    return { beforeFiles: [{ source: `/:prefix(${prefixes.join('|')})/:path*`, destination: '/api/:prefix/:path*' }] };
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

let config = withNextIntl(nextConfig);

// The Sentry build wrapper costs throughput, so it is only applied when a DSN is configured at build time.
if (process.env.SENTRY_DSN || process.env.NEXT_PUBLIC_SENTRY_DSN) {
  const { withSentryConfig } = await import('@sentry/nextjs/config');
  config = withSentryConfig(config, { silent: true, telemetry: false });
}

export default config;
