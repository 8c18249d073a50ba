'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useId, useState } from 'react';
import { DataTable, type ExportLink } from '@/components/data-table/data-table';
import { useUrlState } from '@/components/data-table/url-state';
import { Amount } from '@/components/ui/amount';
import { Link } from '@/i18n/navigation';
import { formatIsoDate, formatPercent } from '@/lib/format';
import { QUOTATION_STATUS_VALUES, type QuotationStatus } from '@/lib/validations/quotations';
import { QuotationStatusBadge } from './status-badges';

export type QuotationTableRow = {
  id: number;
  lesseeName: string;
  assetType: 'vehicle' | 'machinery' | 'it' | 'medical';
  assetDescription: string;
  currency: string;
  price: number;
  term: number;
  rate: number;
  instalment: number;
  firstDueDate: string;
  status: QuotationStatus;
  leaseId: number | null;
  leaseContractNumber: string | null;
  updatedAt: number;
};

type Props = { rows: QuotationTableRow[]; total: number; page: number; perPage: number; status: string; exports: ExportLink[] };

/** The onboarding quotations, newest first, with a status filter (in the URL). */
export function QuotationTable({ rows, total, page, perPage, status, exports }: Props) {
  const t = useTranslations('onboarding');
  const tm = useTranslations('masterFile');
  const format = useFormatter();
  const { push } = useUrlState();
  const filterId = useId();
  const known = (QUOTATION_STATUS_VALUES as readonly string[]).includes(status) ? status : '';
  // The choice shows at once; it follows the URL when the page re-renders.
  const [shown, setShown] = useState(known);
  const [seen, setSeen] = useState(known);
  if (seen !== known) {
    setSeen(known);
    setShown(known);
  }

  const columns: ColumnDef<QuotationTableRow>[] = [
    {
      id: 'id',
      header: t('columns.id'),
      cell: ({ row }) => (
        <Link href={`/master-file/onboarding/${row.original.id}`} className="font-medium text-primary-strong hover:underline">
          {t('number', { id: row.original.id })}
        </Link>
      ),
      meta: { label: t('columns.id') },
    },
    { id: 'lessee', header: tm('columns.lessee'), cell: ({ row }) => row.original.lesseeName, meta: { label: tm('columns.lessee') } },
    {
      id: 'asset',
      header: tm('columns.assetType'),
      cell: ({ row }) =>
        `${tm(`assetTypes.${row.original.assetType}`)}${row.original.assetDescription ? ` · ${row.original.assetDescription}` : ''}`,
      meta: { label: tm('columns.assetType') },
    },
    {
      id: 'price',
      header: tm('columns.price'),
      cell: ({ row }) => <Amount minor={row.original.price} currency={row.original.currency} />,
      meta: { label: tm('columns.price'), align: 'right' },
    },
    {
      id: 'term',
      header: tm('columns.term'),
      cell: ({ row }) => format.number(row.original.term),
      meta: { label: tm('columns.term'), align: 'right' },
    },
    {
      id: 'rate',
      header: tm('columns.rate'),
      cell: ({ row }) => formatPercent(format, row.original.rate),
      meta: { label: tm('columns.rate'), align: 'right' },
    },
    {
      id: 'instalment',
      header: tm('columns.instalment'),
      cell: ({ row }) => <Amount minor={row.original.instalment} currency={row.original.currency} />,
      meta: { label: tm('columns.instalment'), align: 'right' },
    },
    {
      id: 'firstDueDate',
      header: tm('columns.firstDueDate'),
      cell: ({ row }) => formatIsoDate(format, row.original.firstDueDate),
      meta: { label: tm('columns.firstDueDate') },
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: ({ row }) => <QuotationStatusBadge status={row.original.status} />,
      meta: { label: t('columns.status') },
    },
    {
      id: 'lease',
      header: t('columns.lease'),
      cell: ({ row }) =>
        row.original.leaseId && row.original.leaseContractNumber ? (
          <Link href={`/master-file/${row.original.leaseId}`} className="text-primary-strong hover:underline">
            {row.original.leaseContractNumber}
          </Link>
        ) : (
          ''
        ),
      meta: { label: t('columns.lease') },
    },
  ];

  return (
    <DataTable
      data={rows}
      columns={columns}
      getRowId={(r) => String(r.id)}
      caption={t('caption')}
      total={total}
      page={page}
      perPage={perPage}
      canChooseColumns={false}
      exports={exports}
      empty={t('empty')}
      data-testid="quotation-table"
      toolbar={
        <div>
          <label htmlFor={filterId} className="mb-1 block text-[13px] font-medium text-heading">
            {t('filterStatus')}
          </label>
          <select
            id={filterId}
            value={shown}
            onChange={(e) => {
              setShown(e.target.value);
              push({ status: e.target.value || null, page: null });
            }}
            className="h-9.5 rounded-md border border-border-strong bg-surface px-3 text-sm text-heading"
          >
            <option value="">{t('allStatuses')}</option>
            {QUOTATION_STATUS_VALUES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
      }
    />
  );
}
