/** Request headers a client can forge that name where the request came from or which host and scheme it used. */
const FORWARDED_HOST_HEADERS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'x-real-ip'] as const;

type NodeHeaders = Record<string, string | string[] | undefined>;

/**
 * Applies TRUST_PROXY to a raw Node request before Next reads it. With no trusted proxy (0) nothing a client wrote
 * about its origin survives: X-Forwarded-For becomes the socket address and the forwarded host, scheme and port are
 * dropped, so Next fills them from the Host header and the socket (next-auth builds its URLs from them). Behind
 * trusted proxies the headers are theirs and stay; services/auth/rate-limit.ts reads the right X-Forwarded-For entry.
 */
export function applyTrustProxy(headers: NodeHeaders, remoteAddress: string | undefined, trustedHops: number): void {
  if (trustedHops > 0) return;
  for (const name of FORWARDED_HOST_HEADERS) delete headers[name];
  if (remoteAddress) headers['x-forwarded-for'] = remoteAddress;
  else delete headers['x-forwarded-for'];
}
