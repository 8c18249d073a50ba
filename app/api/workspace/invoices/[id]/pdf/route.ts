import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { requestClock } from '@/lib/clock';
import { formatIsoDate, formatMoney } from '@/lib/format';
import { invoiceIdParams } from '@/lib/validations/invoices';
import { invoicePdfQuery } from '@/lib/validations/workspace';
import { buildTextPdf, type PdfLine } from '@/lib/workspace/pdf';
import { parseQuery, withAuth, zodIssues } from '@/services/api/handler';
import { invoiceScreen } from '@/services/workspace/invoices';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /api/workspace/invoices/{id}/pdf?locale=en — the invoice as a text PDF in that locale; 404 for an unknown id. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const parsed = invoiceIdParams.safeParse(params);
  if (!parsed.success) throw new Invalid('The path is invalid.', zodIssues(parsed.error));
  const { locale } = await parseQuery(req, invoicePdfQuery);
  const data = await invoiceScreen(getDb(), parsed.data.id, requestClock());
  if (!data) throw new NotFound(`Invoice ${parsed.data.id} does not exist.`);
  const t = await getTranslations({ locale, namespace: 'workspace.invoices' });
  const format = await getFormatter({ locale });
  const { invoice: inv, paymentDetails: pay } = data;
  const money = (minor: number) => formatMoney(format, minor, inv.currency);
  const title = t('invoiceNumber', { id: inv.id });
  const lines: PdfLine[] = [
    { text: 'QUANTUM', size: 20, bold: true },
    { text: t('issuer'), size: 10 },
    { text: title, size: 16, bold: true, gapBefore: 18 },
    { text: `${t('issued')}: ${formatIsoDate(format, inv.issuedDate, 'long')}` },
    { text: `${t('due')}: ${formatIsoDate(format, inv.dueDate, 'long')}` },
    { text: `${t('status')}: ${t(`statuses.${inv.invoiceStatus}`)}` },
    { text: t('billTo'), bold: true, gapBefore: 14 },
    { text: inv.client.name },
    { text: inv.client.company },
    { text: inv.client.address },
    { text: inv.client.country },
    { text: inv.client.companyEmail },
    { text: `${t('service')}: ${inv.service} (${t(`kinds.${inv.kind}`)})`, gapBefore: 14 },
    { text: `${t('total')}: ${money(inv.total)}`, gapBefore: 6 },
    { text: `${t('paid')}: ${money(data.paid)}` },
    { text: `${t('balance')}: ${money(inv.balance)}`, bold: true },
    { text: t('paymentDetails'), bold: true, gapBefore: 14 },
    { text: `${t('totalDue')}: ${formatMoney(format, pay.totalDue, pay.currency)}` },
    { text: `${t('bank')}: ${pay.bankName} (${pay.country})` },
    { text: `IBAN: ${pay.iban}` },
    { text: `SWIFT: ${pay.swiftCode}` },
  ];
  const body = buildTextPdf(lines, title);
  return new Response(body.buffer as ArrayBuffer, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="invoice-${inv.id}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
});
