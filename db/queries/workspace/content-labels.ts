import type { ContentLocale } from '@/db/schema/content';

/** Card and activity texts in the four reading locales (the API answers content in the `locale` asked for). */
type L = Record<ContentLocale, string>;

export const PERIOD_LABELS: Record<'last-28-days' | 'last-month' | 'last-year', L> = {
  'last-28-days': { en: 'Last 28 Days', de: 'Letzte 28 Tage', fr: '28 derniers jours', pt: 'Últimos 28 dias' },
  'last-month': { en: 'Last Month', de: 'Letzter Monat', fr: 'Mois dernier', pt: 'Mês passado' },
  'last-year': { en: 'Last Year', de: 'Letztes Jahr', fr: 'Année dernière', pt: 'Último ano' },
};

export const CARD_TEXTS = {
  supportTracker: { en: 'Support Tracker', de: 'Support-Übersicht', fr: 'Suivi du support', pt: 'Acompanhamento do suporte' },
  newLeases: { en: 'New leases', de: 'Neue Verträge', fr: 'Nouveaux contrats', pt: 'Novos contratos' },
  interestIncome: { en: 'Interest income', de: 'Zinserträge', fr: "Produits d'intérêts", pt: 'Receitas de juros' },
  collections: { en: 'Collections', de: 'Zahlungseingänge', fr: 'Encaissements', pt: 'Cobranças' },
  principalOriginated: { en: 'Principal originated', de: 'Neu finanziertes Kapital', fr: 'Capital financé', pt: 'Capital financiado' },
  subscribers: { en: 'Subscribers gained', de: 'Neue Abonnenten', fr: 'Nouveaux abonnés', pt: 'Novos subscritores' },
  sessions: { en: 'Sessions', de: 'Sitzungen', fr: 'Sessions', pt: 'Sessões' },
  activeUsers: { en: 'Active users', de: 'Aktive Benutzer', fr: 'Utilisateurs actifs', pt: 'Utilizadores ativos' },
  newsletter: { en: 'Newsletter sign-ups', de: 'Newsletter-Anmeldungen', fr: 'Inscriptions à la lettre', pt: 'Inscrições na newsletter' },
  desktop: { en: 'Desktop', de: 'Desktop', fr: 'Ordinateur', pt: 'Computador' },
  mobile: { en: 'Mobile', de: 'Mobilgerät', fr: 'Téléphone', pt: 'Telemóvel' },
  tablet: { en: 'Tablet', de: 'Tablet', fr: 'Tablette', pt: 'Tablet' },
  newLessees: { en: 'New lessees', de: 'Neue Leasingnehmer', fr: 'Nouveaux locataires', pt: 'Novos locatários' },
  returningLessees: {
    en: 'Returning lessees',
    de: 'Wiederkehrende Leasingnehmer',
    fr: 'Locataires récurrents',
    pt: 'Locatários recorrentes',
  },
  activeLessees: {
    en: 'Lessees with an active lease',
    de: 'Leasingnehmer mit aktivem Vertrag',
    fr: 'Locataires avec un contrat actif',
    pt: 'Locatários com contrato ativo',
  },
} satisfies Record<string, L>;

const ACTIVITY: Record<'created' | 'updated' | 'status', L> = {
  created: {
    en: 'Created lease {contract}',
    de: 'Vertrag {contract} angelegt',
    fr: 'Contrat {contract} créé',
    pt: 'Contrato {contract} criado',
  },
  updated: {
    en: 'Updated lease {contract}',
    de: 'Vertrag {contract} geändert',
    fr: 'Contrat {contract} modifié',
    pt: 'Contrato {contract} alterado',
  },
  status: {
    en: 'Changed the status of lease {contract}',
    de: 'Status von Vertrag {contract} geändert',
    fr: 'Statut du contrat {contract} modifié',
    pt: 'Estado do contrato {contract} alterado',
  },
};

export function activityText(locale: ContentLocale, action: string, contract: string): string {
  const t = ACTIVITY[action as keyof typeof ACTIVITY] ?? ACTIVITY.updated;
  return t[locale].replace('{contract}', contract);
}
