import type { QuotationRow } from '@/db/queries/quotations';
import type { ExportColumn } from '@/lib/exports/columns';
import type { Translate } from '@/services/master-file/lease-columns';

/** The onboarding list as export columns; `tm` translates the masterFile namespace, `to` the onboarding one. */
export function quotationExportColumns(tm: Translate, to: Translate): ExportColumn<QuotationRow>[] {
  const currency = (r: QuotationRow) => r.currency;
  return [
    { id: 'id', header: to('columns.id'), kind: 'integer', value: (r) => r.id, width: 8 },
    { id: 'lessee', header: tm('columns.lessee'), kind: 'text', value: (r) => r.lesseeName, width: 34 },
    { id: 'assetType', header: tm('columns.assetType'), kind: 'text', value: (r) => tm(`assetTypes.${r.assetType}`) },
    { id: 'assetDescription', header: tm('columns.assetDescription'), kind: 'text', value: (r) => r.assetDescription, width: 34 },
    { id: 'currency', header: tm('columns.currency'), kind: 'text', value: (r) => r.currency, width: 9 },
    { id: 'price', header: tm('columns.price'), kind: 'money', value: (r) => r.price, currency },
    { id: 'downPayment', header: tm('columns.downPayment'), kind: 'money', value: (r) => r.downPayment, currency },
    { id: 'residual', header: tm('columns.residual'), kind: 'money', value: (r) => r.residual, currency },
    { id: 'term', header: tm('columns.term'), kind: 'integer', value: (r) => r.term, width: 8 },
    { id: 'rate', header: tm('columns.rate'), kind: 'percent', value: (r) => r.rate, width: 9 },
    { id: 'instalment', header: tm('columns.instalment'), kind: 'money', value: (r) => r.instalment, currency },
    { id: 'firstDueDate', header: tm('columns.firstDueDate'), kind: 'date', value: (r) => r.firstDueDate, width: 12 },
    { id: 'status', header: to('columns.status'), kind: 'text', value: (r) => to(`statuses.${r.status}`) },
    { id: 'lease', header: to('columns.lease'), kind: 'text', value: (r) => r.leaseContractNumber, width: 18 },
    { id: 'externalId', header: to('columns.externalId'), kind: 'text', value: (r) => r.externalId, width: 12 },
  ];
}
