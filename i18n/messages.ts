import type { Locale } from './routing';

/**
 * Feature namespaces kept in their own files, messages/<namespace>/<locale>.json, so that features can
 * grow their texts without touching one shared file. The core namespaces stay in messages/<locale>.json.
 */
export const FEATURE_NAMESPACES = [
  'masterFile',
  'onboarding',
  'portfolio',
  'dashboard',
  'settings',
  'management',
  'develop',
  'navbarSearch',
  'access',
  'servicing',
  'reports',
  'numberInput',
  'tapeImport',
  'workspace',
  'scenarios',
  'credit',
  'history',
  'facilities',
  'help',
] as const;
export type FeatureNamespace = (typeof FEATURE_NAMESPACES)[number];

type Messages = Record<string, unknown>;

/**
 * The catalogue of each locale, merged once per process: next-intl asks for it on every request, and
 * merging nineteen module objects each time cost ≈ 1–2 ms of every page (server CPU profile under
 * bench:ratio). The files are part of the build, so the merged object never goes stale; nobody
 * mutates it (next-intl and pickMessages only read).
 */
const catalogues = new Map<Locale, Promise<Messages>>();

/** The whole catalogue of a locale: the core file plus every feature namespace. */
export function loadMessages(locale: Locale): Promise<Messages> {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    catalogue = mergeMessages(locale);
    // A failed load is not remembered: the next request tries again.
    catalogue.catch(() => catalogues.delete(locale));
    catalogues.set(locale, catalogue);
  }
  return catalogue;
}

async function mergeMessages(locale: Locale): Promise<Messages> {
  const core = (await import(`../messages/${locale}.json`)).default as Messages;
  const features = await Promise.all(
    FEATURE_NAMESPACES.map(async (ns) => [ns, (await import(`../messages/${ns}/${locale}.json`)).default] as const),
  );
  return { ...core, ...Object.fromEntries(features) };
}
