/** Accepts only same-origin relative paths as a post-sign-in destination (no `//host`, no scheme, no backslash tricks). */
export function safeCallbackPath(raw: string | null | undefined, fallback: string): string {
  if (!raw) return fallback;
  let value = raw;
  // A full URL is accepted only when it points at ourselves: the caller passes the origin-stripped form.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  try {
    const parsed = new URL(value, 'http://quantum.invalid');
    if (parsed.origin !== 'http://quantum.invalid') return fallback;
    value = parsed.pathname + parsed.search + parsed.hash;
  } catch {
    return fallback;
  }
  return /[\u0000-\u001f]/.test(value) ? fallback : value;
}
