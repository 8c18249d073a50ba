import { withAuth } from '@/services/api/handler';
import { buildOpenApiDocument, type OpenApiDocument } from '@/lib/openapi/document';

export const dynamic = 'force-dynamic';

/** Built once per process: the document only changes with the code. */
let cached: string | undefined;

function documentJson(): string {
  cached ??= JSON.stringify(buildOpenApiDocument() satisfies OpenApiDocument);
  return cached;
}

/** GET /api/openapi.json — the OpenAPI 3.1 document of this API (any signed-in user or bearer token). */
export const GET = withAuth(
  { scope: null },
  () =>
    new Response(documentJson(), {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'private, max-age=300' },
    }),
);
