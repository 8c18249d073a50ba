import type { Locale } from './routing';

/**
 * Feature namespaces kept in their own files, messages/<namespace>/<locale>.json, so that features can
 * grow their texts without touching one shared file. The core namespaces stay in messages/<locale>.json.
 */
export const FEATURE_NAMESPACES = ['masterFile', 'onboarding', 'portfolio', 'dashboard', 'settings', 'management', 'develop', 'navbarSearch', 'access', 'servicing', 'reports', 'numberInput', 'tapeImport', 'workspace', 'scenarios', 'credit', 'history', 'facilities'] as const;
export type FeatureNamespace = (typeof FEATURE_NAMESPACES)[number];

type Messages = Record<string, unknown>;

/** The whole catalogue of a locale: the core file plus every feature namespace. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const core = (await import(`../messages/${locale}.json`)).default as Messages;
  const features = await Promise.all(
    FEATURE_NAMESPACES.map(async (ns) => [ns, (await import(`../messages/${ns}/${locale}.json`)).default] as const),
  );
  return { ...core, ...Object.fromEntries(features) };
}
