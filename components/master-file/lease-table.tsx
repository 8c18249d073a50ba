'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import type { ReactNode } from 'react';
import { DataTable, type ExportLink, type FooterRow } from '@/components/data-table/data-table';
import { Amount } from '@/components/ui/amount';
import { Link } from '@/i18n/navigation';
import { formatIsoDate, formatPercent } from '@/lib/format';
import { DEFAULT_MASTER_FILE_COLUMNS, MASTER_FILE_COLUMNS, type MasterFileColumnId, type ShownStatus } from '@/lib/validations/leases';
import { LeaseStatusCell } from './status-badges';

/** One register row as the server sends it (lease fields plus the lessee's name and ERP id). */
export type LeaseTableRow = {
  id: number;
  contractNumber: string;
  lesseeName: string;
  lesseeIdOdoo: string | null;
  assetType: 'vehicle' | 'machinery' | 'it' | 'medical';
  assetDescription: string;
  condition: 'new' | 'used';
  currency: string;
  price: number;
  downPayment: number;
  principal: number;
  /** At the register's cut-off, from the book engine; null when the lease is not in the pool then. */
  outstandingPrincipal: number | null;
  residual: number;
  term: number;
  rate: number;
  instalment: number;
  timing: 'advance' | 'arrears';
  frequency: 'monthly' | 'quarterly' | 'semi-annual' | 'annual';
  firstDueDate: string;
  vatRate: number;
  fee: number;
  purchaseDate: string;
  agreedPurchasePrice: number | null;
  status: 'active' | 'closed' | 'defaulted' | 'terminated';
  /** The status shown: derived under domain.md §8 (lib/validations/leases shownStatus). */
  shownStatus: ShownStatus;
  /** Why the lease has its status (who set it, when, DPD now), where the screens explain it. */
  statusNote?: string | null;
};

export type CurrencyTotals = {
  currency: string;
  count: number;
  price: number;
  principal: number;
  residual: number;
  outstandingPrincipal: number;
};

type Props = {
  rows: LeaseTableRow[];
  total: number;
  totals: CurrencyTotals[];
  page: number;
  perPage: number;
  sort: string;
  dir: 'asc' | 'desc';
  exports: ExportLink[];
  toolbar: ReactNode;
};

/** The Master File register: the lease columns over the generic server-paged table, with per-currency totals. */
export function LeaseTable({ rows, total, totals, page, perPage, sort, dir, exports, toolbar }: Props) {
  const t = useTranslations('masterFile');
  const format = useFormatter();
  const money = (key: 'price' | 'downPayment' | 'principal' | 'residual' | 'instalment' | 'fee') =>
    function MoneyCell({ row }: { row: { original: LeaseTableRow } }) {
      return <Amount minor={row.original[key]} currency={row.original.currency} />;
    };

  const cells: Record<MasterFileColumnId, ColumnDef<LeaseTableRow>['cell']> = {
    contractNumber: ({ row }) => (
      <Link href={`/master-file/${row.original.id}`} className="font-medium text-primary-strong hover:underline">
        {row.original.contractNumber}
      </Link>
    ),
    lessee: ({ row }) => (
      <span className="block max-w-64 truncate" title={row.original.lesseeName}>
        {row.original.lesseeName}
      </span>
    ),
    clientId: ({ row }) => row.original.lesseeIdOdoo ?? '',
    assetType: ({ row }) => t(`assetTypes.${row.original.assetType}`),
    assetDescription: ({ row }) => (
      <span className="block max-w-64 truncate" title={row.original.assetDescription}>
        {row.original.assetDescription}
      </span>
    ),
    condition: ({ row }) => t(`conditions.${row.original.condition}`),
    currency: ({ row }) => row.original.currency,
    price: money('price'),
    downPayment: money('downPayment'),
    principal: money('principal'),
    outstandingPrincipal: ({ row }) =>
      row.original.outstandingPrincipal === null ? (
        <span className="text-body" title={t('register.notInPool')}>
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t('register.notInPool')}</span>
        </span>
      ) : (
        <Amount minor={row.original.outstandingPrincipal} currency={row.original.currency} />
      ),
    residual: money('residual'),
    term: ({ row }) => format.number(row.original.term),
    rate: ({ row }) => formatPercent(format, row.original.rate),
    instalment: money('instalment'),
    timing: ({ row }) => t(`timings.${row.original.timing}`),
    frequency: ({ row }) => t(`frequencies.${row.original.frequency}`),
    firstDueDate: ({ row }) => formatIsoDate(format, row.original.firstDueDate),
    vatRate: ({ row }) => formatPercent(format, row.original.vatRate, 1),
    fee: money('fee'),
    purchaseDate: ({ row }) => formatIsoDate(format, row.original.purchaseDate),
    agreedPurchasePrice: ({ row }) =>
      row.original.agreedPurchasePrice === null ? '' : <Amount minor={row.original.agreedPurchasePrice} currency={row.original.currency} />,
    status: ({ row }) => <LeaseStatusCell status={row.original.shownStatus} note={row.original.statusNote} />,
  };

  const RIGHT = new Set<MasterFileColumnId>([
    'price',
    'downPayment',
    'principal',
    'outstandingPrincipal',
    'residual',
    'term',
    'rate',
    'instalment',
    'vatRate',
    'fee',
    'agreedPurchasePrice',
  ]);
  const columns: ColumnDef<LeaseTableRow>[] = MASTER_FILE_COLUMNS.map((c) => ({
    id: c.id,
    header: t(`columns.${c.id}`),
    cell: cells[c.id],
    meta: { label: t(`columns.${c.id}`), align: RIGHT.has(c.id) ? 'right' : 'left', sortKey: c.sort ?? undefined },
  }));

  const footerRows: FooterRow[] = totals.map((x) => ({
    key: x.currency,
    label: t('totals.row', { currency: x.currency, count: x.count }),
    cells: {
      currency: x.currency,
      price: <Amount minor={x.price} currency={x.currency} />,
      principal: <Amount minor={x.principal} currency={x.currency} />,
      outstandingPrincipal: <Amount minor={x.outstandingPrincipal} currency={x.currency} />,
      residual: <Amount minor={x.residual} currency={x.currency} />,
    },
  }));

  return (
    <DataTable
      data={rows}
      columns={columns}
      getRowId={(r) => String(r.id)}
      caption={t('register.caption')}
      total={total}
      page={page}
      perPage={perPage}
      sort={sort}
      dir={dir}
      defaultVisible={DEFAULT_MASTER_FILE_COLUMNS}
      footerRows={footerRows}
      exports={exports}
      toolbar={toolbar}
      empty={t('register.empty')}
      data-testid="lease-table"
    />
  );
}
