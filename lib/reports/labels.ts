/**
 * Words for the reports' buckets and columns in the active locale, shared by the screens and the
 * exported files so both say the same. `t` is next-intl's translator of the `reports` namespace.
 */
import type { Formatter } from '@/lib/format';
import { formatPercent } from '@/lib/format';
import type { StratDimension } from './constants';
import type { StratBucketId } from './stratification';

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export function bucketLabel(t: Translate, format: Formatter, dimension: StratDimension, b: Pick<StratBucketId, 'key' | 'range'>): string {
  const r = b.range;
  if (r) {
    const num = (x: number) => format.number(x);
    if (r.unit === 'rate') return t('range.rate', { min: formatPercent(format, r.min ?? 0, 0), max: formatPercent(format, r.max ?? 0, 0) });
    if (r.unit === 'months') {
      if (r.min === null) return t('range.monthsUpTo', { max: num(r.max ?? 0) });
      if (r.max === null) return t('range.monthsOver', { min: num(r.min) });
      return t('range.monthsBetween', { min: num(r.min + 1), max: num(r.max) });
    }
    // Money tiers: bounds in major units (the key carries them), the currency is the table's.
    const [lo, hi] = b.key.startsWith('le-')
      ? [null, Number(b.key.slice(3))]
      : b.key.startsWith('gt-')
        ? [Number(b.key.slice(3)), null]
        : b.key.split('-').map(Number);
    if (lo === null || lo === undefined) return t('range.upTo', { max: format.number(hi ?? 0) });
    if (hi === null || hi === undefined) return t('range.over', { min: format.number(lo) });
    return t('range.between', { min: format.number(lo), max: format.number(hi) });
  }
  switch (dimension) {
    case 'assetType':
      return t(`assetType.${b.key}`);
    case 'condition':
      return t(`condition.${b.key}`);
    case 'industry':
      return b.key === '-' ? t('unknown') : t('industryCode', { code: b.key });
    case 'region':
      return b.key === '-' ? t('unknown') : b.key;
    case 'delinquency':
      return delinquencyBucketLabel(t, b.key);
    default:
      return b.key;
  }
}

/** 'current' → Current; '1-30' → 1–30 days; '91+' → 91+ days. */
export function delinquencyBucketLabel(t: Translate, key: string): string {
  if (key === 'current') return t('bucket.current');
  if (key.endsWith('+')) return t('bucket.over', { min: key.slice(0, -1) });
  const [min, max] = key.split('-');
  return t('bucket.between', { min: min ?? '', max: max ?? '' });
}
