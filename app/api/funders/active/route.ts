import { NextResponse } from 'next/server';
import { getDb } from '@/db';
import { getFunder } from '@/db/queries/funders';
import { parseBody, withAuth } from '@/services/api/handler';
import { FUNDER_COOKIE, getActiveFunder } from '@/services/portfolio/funder-context';
import { activeFunderBody, toFunderSettings } from '@/lib/validations/funders';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** GET /api/funders/active — the funder the browser works on (cookie quantum.funder, default funder 1). */
export const GET = withAuth({ scope: 'read:funders' }, async ({ principal }) =>
  Response.json(toFunderSettings(await getActiveFunder(getDb(), principal))),
);

/**
 * POST /api/funders/active {funderId} — the navbar's funder switch. Sets the cookie every screen reads
 * through getActiveFunder(); 404 for an unknown funder, 403 for one not assigned to the caller. HttpOnly: only the server reads it.
 */
export const POST = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId } = await parseBody(req, activeFunderBody);
  const funder = await getFunder(getDb(), funderId);
  if (!funder) throw new NotFound(`Funder ${funderId} does not exist.`, [{ field: 'funderId', message: 'No such funder.' }]);
  const res = NextResponse.json(toFunderSettings(funder));
  res.cookies.set(FUNDER_COOKIE, String(funder.id), {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: req.nextUrl.protocol === 'https:',
    maxAge: ONE_YEAR_SECONDS,
  });
  return res;
});
