/**
 * The sign-in errors the form shows, read from the code next-auth hands back: the credentials provider's
 * error message (signIn's `error`) or `?error=` in the URL after a redirect.
 */
export type LoginError = 'invalidCredentials' | 'rateLimited' | 'oidc' | 'generic';

/** The code the credentials provider throws when the sign-in limiter refuses: `RateLimited:<seconds to wait>`. */
export const RATE_LIMITED = 'RateLimited';

/** A sign-in error and, when the server rate-limits, how many seconds it asks to wait (null: not said). */
export type LoginErrorState = { error: LoginError; retryAfterSeconds: number | null };

/**
 * Reads the error code next-auth hands back (the credentials provider's message, or ?error= in the URL):
 * `RateLimited:<seconds>` carries the wait; a bare `RateLimited` does not.
 */
export function loginErrorOf(code: string | null | undefined): LoginErrorState | null {
  if (!code) return null;
  const limited = new RegExp(String.raw`^${RATE_LIMITED}(?::(\d{1,6}))?$`).exec(code);
  if (limited) return { error: 'rateLimited', retryAfterSeconds: limited[1] ? Number(limited[1]) : null };
  if (code === 'CredentialsSignin') return { error: 'invalidCredentials', retryAfterSeconds: null };
  if (/^(OAuth|Callback|OIDC|AccessDenied)/i.test(code)) return { error: 'oidc', retryAfterSeconds: null };
  return { error: 'generic', retryAfterSeconds: null };
}
