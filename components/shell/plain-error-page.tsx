'use client';

import { GeistSans } from 'geist/font/sans';

/**
 * A whole plain English error page (html and body of its own) for paths outside every locale, where no localized
 * layout exists. A client component: Next renders the root segment's not-found, forbidden and unauthorized
 * boundaries into the payload of every page, where a client component costs a reference and its three texts.
 */
export function PlainErrorPage({ code, title, body }: { code: number; title: string; body: string }) {
  return (
    <html lang="en" className={GeistSans.variable}>
      <body className="flex min-h-screen items-center justify-center p-6">
        <title>{`${title} · QUANTUM`}</title>
        <main className="max-w-md rounded-md bg-surface p-10 text-center shadow-card">
          <p className="text-5xl font-semibold text-primary-strong">{code}</p>
          <h1 className="mt-4 text-xl font-medium">{title}</h1>
          <p className="mt-2 text-[15px]">{body}</p>
          {/* A full page load on purpose: the locale layout is a different root layout. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a
            href="/"
            className="mt-6 inline-flex h-9.5 items-center rounded-md bg-primary-strong px-4 font-medium text-white hover:bg-primary-hover"
          >
            Back to home
          </a>
        </main>
      </body>
    </html>
  );
}
