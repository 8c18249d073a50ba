import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { getAuthOptions } from '@/services/auth/options';
import { checkLoginRateLimit, loginKeys, requestIp } from '@/services/auth/rate-limit';
import { RATE_LIMITED } from '@/lib/auth/login-error';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ nextauth: string[] }> };

function handler(req: NextRequest, ctx: Ctx) {
  return NextAuth(req as never, ctx as never, getAuthOptions()) as Promise<Response>;
}

export const GET = handler;

/** The sign-in form's POST answers 429 while the sign-in throttle (lib/auth/rate-limit.ts) asks the client to wait. */
export async function POST(req: NextRequest, ctx: Ctx) {
  const { nextauth } = await ctx.params;
  if (nextauth.join('/') === 'callback/credentials') {
    const form = await req
      .clone()
      .formData()
      .catch(() => null);
    const email = String(form?.get('email') ?? '');
    if (email) {
      const verdict = await checkLoginRateLimit(getDb(), loginKeys(email, requestIp(req.headers)));
      if (verdict.limited) {
        // The wait rides in the error code too: the form reads it from there (lib/auth/login-error).
        const url = new URL(`/api/auth/error?error=${RATE_LIMITED}:${verdict.retryAfterSeconds}`, req.nextUrl.origin).toString();
        return Response.json(
          { url, error: { code: 'rate_limited', message: 'Too many failed sign-in attempts.' } },
          { status: 429, headers: { 'Retry-After': String(verdict.retryAfterSeconds) } },
        );
      }
    }
  }
  return handler(req, ctx);
}
