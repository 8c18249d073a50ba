import { getDb } from '@/db';
import { getCertificate } from '@/db/queries/facilities';
import { NotFound } from '@/lib/domain/errors';
import { certificateFileQuery } from '@/lib/validations/facilities';
import { parseQuery, withAuth } from '@/services/api/handler';
import { pathFacility } from '@/services/facilities/routes';
import { pathId } from '@/services/servicing/route-helpers';

export const dynamic = 'force-dynamic';

const TYPES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', pdf: 'application/pdf' } as const;

/** GET /api/facilities/{id}/certificates/{certificateId}/file?format=xlsx|pdf — the kept bytes (the PDF exists once issued). */
export const GET = withAuth({ scope: 'read:funders' }, async (ctx) => {
  const f = await pathFacility(ctx);
  const { format } = await parseQuery(ctx.req, certificateFileQuery);
  const c = await getCertificate(getDb(), f.id, pathId(ctx.params, 'certificateId', 'certificate'));
  if (!c) throw new NotFound('No certificate has this id.');
  const bytes = format === 'pdf' ? c.pdf : c.xlsx;
  if (!bytes) throw new NotFound('The PDF is made when the certificate is issued.');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': TYPES[format],
      'content-disposition': `attachment; filename="certificate-${f.id}-${c.asOf}-${c.id}.${format}"`,
      'x-content-sha256': (format === 'pdf' ? c.pdfSha256 : c.xlsxSha256) ?? '',
      'cache-control': 'private, no-store',
    },
  });
});
