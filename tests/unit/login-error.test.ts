import { describe, expect, it } from 'vitest';
import { loginErrorOf } from '@/lib/auth/login-error';

describe('sign-in error codes (lib/auth/login-error)', () => {
  it.each([
    ['RateLimited:42', { error: 'rateLimited', retryAfterSeconds: 42 }],
    ['RateLimited', { error: 'rateLimited', retryAfterSeconds: null }],
    ['CredentialsSignin', { error: 'invalidCredentials', retryAfterSeconds: null }],
    ['OAuthCallback', { error: 'oidc', retryAfterSeconds: null }],
    ['AccessDenied', { error: 'oidc', retryAfterSeconds: null }],
    ['RateLimited:abc', { error: 'generic', retryAfterSeconds: null }],
    ['RateLimited:9999999', { error: 'generic', retryAfterSeconds: null }],
    ['Something', { error: 'generic', retryAfterSeconds: null }],
  ] as const)('%s', (code, expected) => {
    expect(loginErrorOf(code)).toEqual(expected);
  });

  it('no code, no error', () => {
    expect(loginErrorOf(undefined)).toBeNull();
    expect(loginErrorOf('')).toBeNull();
  });
});
