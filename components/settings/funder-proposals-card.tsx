'use client';

import { Check, LoaderCircle, X } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRouter } from '@/i18n/navigation';
import { fromMinor, isCurrencyCode } from '@/lib/finance/money';
import { formatPercent } from '@/lib/format';
import type { FunderProposal, SettingsField } from '@/lib/validations/funders';

type Props = {
  /** The pending proposals of the funder, newest first. */
  proposals: FunderProposal[];
  funderName: string;
  /** The funder's base currency: the materiality tolerance is in its minor units. */
  baseCurrency: string;
  /** The signed-in admin: their own proposals wait for another admin and offer no approval. */
  currentUserId: number;
};

type Decision = { proposal: FunderProposal; action: 'approve' | 'reject' | 'withdraw' };

const RATE_FIELDS = new Set<SettingsField>([
  'buyRate',
  'discountRate',
  'facilityRate',
  'advanceRate',
  'vatDefault',
  'servicingFee',
  'creditRelative',
  'creditContagion',
  'importInstalmentTolerance',
]);

/**
 * Four eyes on funder settings (domain.md §12): the changes proposed for the funder, each with its settings old → new
 * in the active locale. Another admin approves or rejects (after a confirmation); the proposer sees their own as
 * awaiting another admin and may withdraw it.
 */
export function FunderProposalsCard({ proposals, funderName, baseCurrency, currentUserId }: Props) {
  const t = useTranslations('settings');
  const format = useFormatter();
  const router = useRouter();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const show = (field: SettingsField, value: unknown): string => {
    if (value === null || value === undefined) return field === 'discountRate' ? t('contractRate') : '—';
    if (RATE_FIELDS.has(field) && typeof value === 'number') return formatPercent(format, value, 2);
    switch (field) {
      case 'fourEyes':
        return value ? t('proposals.on') : t('proposals.off');
      case 'discountConvention':
      case 'rateConvention':
        return t(`conventions.${String(value) as 'monthly'}`);
      case 'allocationOrder':
        return Array.isArray(value) ? value.map((c) => t(`components.${String(c) as 'vat'}`)).join(' → ') : String(value);
      case 'bucketEdges':
        return Array.isArray(value) ? value.map((d) => format.number(Number(d))).join(', ') : String(value);
      case 'provisionMatrix':
        return JSON.stringify(value);
      case 'creditProbationMonths':
        return format.number(Number(value));
      case 'creditAbsRetail':
      case 'creditAbsOther':
      case 'materialityTolerance':
        return typeof value === 'number' && isCurrencyCode(baseCurrency)
          ? format.number(fromMinor(value, baseCurrency), { style: 'currency', currency: baseCurrency })
          : String(value);
      case 'graceDays':
        return `${format.number(Number(value))} ${t('days')}`;
      default:
        return String(value);
    }
  };

  const decide = async ({ proposal, action }: Decision) => {
    setBusy(proposal.id);
    try {
      const res = await fetch(`/api/funder-proposals/${proposal.id}/${action === 'approve' ? 'approve' : 'reject'}`, { method: 'POST' });
      if (res.ok) {
        toast.success(
          action === 'approve'
            ? t('proposals.approved', { name: funderName })
            : action === 'reject'
              ? t('proposals.rejected')
              : t('proposals.withdrawn'),
        );
        router.refresh();
      } else if (res.status === 403) toast.error(t('proposals.selfApproval'));
      else if (res.status === 409) {
        toast.error(t('proposals.stale'));
        router.refresh();
      } else toast.error(t('proposals.failed'));
    } catch {
      toast.error(t('proposals.failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card data-testid="funder-proposals">
      <CardHeader>
        <CardTitle>{t('proposals.title')}</CardTitle>
        <CardDescription>{t('proposals.description', { name: funderName })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {proposals.length === 0 ? <p>{t('proposals.empty')}</p> : null}
        {proposals.map((p) => {
          const own = p.proposedBy === currentUserId;
          const fields = Object.keys(p.changes) as SettingsField[];
          return (
            <section
              key={p.id}
              className="flex flex-col gap-3 rounded-md border border-border p-4"
              data-testid={`proposal-${p.id}`}
              aria-labelledby={`proposal-${p.id}-title`}
            >
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 id={`proposal-${p.id}-title`} className="font-medium text-heading">
                  {t('proposals.proposedBy', {
                    email: p.proposedByEmail,
                    date: format.dateTime(new Date(p.proposedAt), { dateStyle: 'medium', timeStyle: 'short' }),
                  })}
                </h3>
                {own ? <Badge variant="warning">{t('proposals.awaiting')}</Badge> : null}
              </div>
              <div className="overflow-x-auto">
                <table className="w-full border-collapse text-left text-[14px]">
                  <caption className="sr-only">{t('proposals.caption', { id: p.id })}</caption>
                  <thead className="text-[12px] font-medium tracking-wide text-heading uppercase">
                    <tr>
                      <th scope="col" className="px-2 py-1.5">
                        {t('proposals.setting')}
                      </th>
                      <th scope="col" className="px-2 py-1.5">
                        {t('proposals.before')}
                      </th>
                      <th scope="col" className="px-2 py-1.5">
                        {t('proposals.after')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {fields.map((field) => (
                      <tr key={field} className="border-t border-border">
                        <th scope="row" className="px-2 py-1.5 font-medium text-heading">
                          {t(`fields.${field}`)}
                        </th>
                        <td className="px-2 py-1.5 tabular-nums">{show(field, p.changes[field]?.before)}</td>
                        <td className="px-2 py-1.5 tabular-nums">{show(field, p.changes[field]?.after)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="flex flex-wrap gap-2">
                {own ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy !== null}
                    onClick={() => setDecision({ proposal: p, action: 'withdraw' })}
                  >
                    <X aria-hidden="true" />
                    {t('proposals.withdraw')}
                  </Button>
                ) : (
                  <>
                    <Button size="sm" disabled={busy !== null} onClick={() => setDecision({ proposal: p, action: 'approve' })}>
                      {busy === p.id ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
                      {t('proposals.approve')}
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={busy !== null}
                      onClick={() => setDecision({ proposal: p, action: 'reject' })}
                    >
                      <X aria-hidden="true" />
                      {t('proposals.reject')}
                    </Button>
                  </>
                )}
              </div>
            </section>
          );
        })}
      </CardContent>
      <ConfirmDialog
        open={decision !== null}
        title={decision ? t(`proposals.confirm.${decision.action}.title`) : ''}
        confirmLabel={decision ? t(`proposals.${decision.action}`) : ''}
        confirmVariant={decision?.action === 'approve' ? 'primary' : 'danger'}
        cancelLabel={t('cancel')}
        onCancel={() => setDecision(null)}
        onConfirm={() => {
          const d = decision;
          setDecision(null);
          if (d) void decide(d);
        }}
      >
        {decision ? t(`proposals.confirm.${decision.action}.body`, { name: funderName }) : null}
      </ConfirmDialog>
    </Card>
  );
}
