/**
 * The borrowing-base certificate's texts in a locale (en, de, fr, pt), from the facilities messages
 * (messages/facilities/<locale>.json) read here without a request, so preparation works from routes and scripts
 * alike. The labels are frozen into the certificate's content at preparation (the preparer's locale).
 */
import { createTranslator } from 'next-intl';
import de from '@/messages/facilities/de.json';
import en from '@/messages/facilities/en.json';
import fr from '@/messages/facilities/fr.json';
import pt from '@/messages/facilities/pt.json';
import type { Locale } from '@/i18n/routing';
import type { EligibilityLabels } from '@/lib/facilities';
import type { CertificateLabels } from '@/lib/facilities/certificate';
import { eligibilityLabels } from './labels';

/** A certificate's language: one of the app's locales. */
export type CertificateLocale = Locale;

const CATALOGUES: Record<Locale, typeof en> = { en, de, fr, pt };

/** next-intl's translator over the facilities namespace of the locale (no request needed: preparation runs from routes and scripts). */
function facilitiesTranslator(locale: Locale): (key: string, values?: Record<string, string | number>) => string {
  const t = createTranslator({
    locale,
    messages: { facilities: CATALOGUES[locale] as Record<string, unknown> },
    namespace: 'facilities',
  }) as unknown as (key: string, values?: Record<string, string | number>) => string;
  return (key, values) => t(key, values);
}

/** Every text of the certificate files in the locale. */
export function certificateLabels(locale: CertificateLocale): CertificateLabels {
  const t = facilitiesTranslator(locale);
  const w = (k: string) => t(`waterfall.${k}`);
  const { criterion: _criterion, ...eligibility } = eligibilityLabels(t, '');
  return {
    title: t('certificateFile.title'),
    facility: t('certificateFile.facility'),
    lender: t('terms.lender'),
    asOf: t('certificates.asOf'),
    currency: t('terms.currency'),
    preparedBy: t('certificateFile.preparedBy'),
    commitment: t('terms.commitment'),
    advanceRate: t('terms.advanceRate'),
    term: t('certificateFile.term'),
    termValue: t('certificateFile.termValue', { start: '{start}', end: '{end}' }),
    item: w('item'),
    amount: t('certificateFile.amount', { currency: '{currency}' }),
    value: t('certificateFile.value'),
    sheetBase: w('title'),
    sheetExcess: t('excess.sheetName'),
    sheetEligibility: t('eligibility.sheetName'),
    baseHeading: w('title'),
    excessHeading: t('excess.title'),
    noExcess: t('excess.none'),
    excessLine: t('certificateFile.excessLine', {
      group: '{group}',
      name: '{name}',
      balance: '{balance}',
      limit: '{limit}',
      excess: '{excess}',
    }),
    moreGroups: t('certificateFile.moreGroups', { count: '{count}' }),
    counts: t('certificateFile.counts', { leases: '{leases}', eligible: '{eligible}', ineligible: '{ineligible}' }),
    preparedLine: t('certificateFile.preparedLine', { who: '{who}', date: '{date}' }),
    approvedLine: t('certificateFile.approvedLine', { who: '{who}', date: '{date}' }),
    sha: t('certificateFile.sha', { sha: '{sha}' }),
    waterfall: {
      collateral: w('collateral'),
      ineligible: w('ineligible'),
      eligible: w('eligible'),
      excess: w('excess'),
      eligibleAfterExcess: w('eligibleAfterExcess'),
      advanceRate: t('terms.advanceRate'),
      advanced: w('advanced'),
      reserves: w('reserves'),
      borrowingBase: w('borrowingBase'),
      commitment: w('commitment'),
      maximumAdvance: w('maximumAdvance'),
      outstanding: w('outstanding'),
      availability: w('availability'),
      shortfall: w('shortfall'),
    },
    groups: {
      lessee: t('groups.lessee'),
      industry: t('groups.industry'),
      region: t('groups.region'),
      assetType: t('groups.assetType'),
      topLessees: t('groups.topLessees'),
    },
    excessColumns: {
      group: t('excess.group'),
      key: t('excess.name'),
      balance: t('excess.balance'),
      limit: t('excess.limit'),
      excess: t('excess.excess'),
    },
    eligibility,
  };
}

/** How a failed criterion reads in the locale (the lease-level sheet). */
export function certificateCriterion(locale: CertificateLocale, currency: string): EligibilityLabels['criterion'] {
  return eligibilityLabels(facilitiesTranslator(locale), currency).criterion;
}
