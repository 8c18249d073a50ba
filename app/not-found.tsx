import type { Metadata } from 'next';
import { GeistSans } from 'geist/font/sans';

export const metadata: Metadata = { title: 'Page not found · QUANTUM' };

/** A path outside every locale (the proxy normally adds one first): a plain English 404. */
export default function GlobalNotFound() {
  return (
    <html lang="en" className={GeistSans.variable}>
      <body className="flex min-h-screen items-center justify-center p-6">
        <main className="max-w-md rounded-md bg-surface p-10 text-center shadow-card">
          <p className="text-5xl font-semibold text-primary-strong">404</p>
          <h1 className="mt-4 text-xl font-medium">Page not found</h1>
          <p className="mt-2 text-[15px]">The page you are looking for does not exist or has been moved.</p>
          {/* A full page load on purpose: the locale layout is a different root layout. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className="mt-6 inline-flex h-9.5 items-center rounded-md bg-primary-strong px-4 font-medium text-white hover:bg-primary-hover">
            Back to home
          </a>
        </main>
      </body>
    </html>
  );
}
