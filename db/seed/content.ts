import type { Conn as Db } from '../client';
import { CONTENT_LOCALES, type ContentLocale } from '../schema/content';
import {
  blogCategories,
  blogComments,
  blogPosts,
  cardTargets,
  datatableRows,
  faqCategories,
  faqQuestions,
  kbArticles,
  newsletterDaily,
  pricingPlans,
  supportTickets,
  userProfiles,
  webTrafficDaily,
  funders,
  users,
} from '../tables';
import { Random } from './random';

/** A text in the four reading locales. */
type L = Record<ContentLocale, string>;

const FAQ_CATEGORIES: { slug: string; icon: string; iconColor: string; title: L; subtitle: L }[] = [
  {
    slug: 'valuation',
    icon: 'Calculator',
    iconColor: 'primary',
    title: {
      en: 'Valuation and cash flows',
      de: 'Bewertung und Zahlungsströme',
      fr: 'Évaluation et flux de trésorerie',
      pt: 'Avaliação e fluxos de caixa',
    },
    subtitle: {
      en: 'How the portfolio figures are computed',
      de: 'Wie die Kennzahlen des Portfolios berechnet werden',
      fr: 'Comment les chiffres du portefeuille sont calculés',
      pt: 'Como são calculados os valores da carteira',
    },
  },
  {
    slug: 'payments',
    icon: 'Wallet',
    iconColor: 'success',
    title: { en: 'Payments and servicing', de: 'Zahlungen und Servicing', fr: 'Paiements et gestion', pt: 'Pagamentos e gestão' },
    subtitle: {
      en: 'Collections, allocation and reversals',
      de: 'Zahlungseingänge, Zuordnung und Stornos',
      fr: 'Encaissements, imputation et contre-passations',
      pt: 'Cobranças, imputação e estornos',
    },
  },
  {
    slug: 'arrears',
    icon: 'TriangleAlert',
    iconColor: 'warning',
    title: { en: 'Arrears and delinquency', de: 'Rückstände und Verzug', fr: 'Arriérés et impayés', pt: 'Atrasos e incumprimento' },
    subtitle: {
      en: 'Days past due and buckets',
      de: 'Verzugstage und Verzugsklassen',
      fr: 'Jours de retard et tranches',
      pt: 'Dias de atraso e escalões',
    },
  },
  {
    slug: 'portfolio',
    icon: 'ChartPie',
    iconColor: 'info',
    title: { en: 'Portfolio and reports', de: 'Portfolio und Berichte', fr: 'Portefeuille et rapports', pt: 'Carteira e relatórios' },
    subtitle: {
      en: 'Cut-off date, summary and data tapes',
      de: 'Stichtag, Übersicht und Datenbänder',
      fr: "Date d'arrêté, synthèse et bandes de données",
      pt: 'Data de corte, resumo e fitas de dados',
    },
  },
];

const FAQ_QUESTIONS: { category: string; slug: string; question: L; answer: L }[] = [
  {
    category: 'valuation',
    slug: 'npv-of-a-lease',
    question: {
      en: 'How is the NPV of a lease computed?',
      de: 'Wie wird der Barwert (NPV) eines Leasingvertrags berechnet?',
      fr: "Comment la VAN d'un contrat de leasing est-elle calculée ?",
      pt: 'Como é calculado o VAL de um contrato de locação?',
    },
    answer: {
      en: "The NPV is the present value, at the cut-off date, of the lease's remaining net instalments and its residual value, discounted at the funder's discount rate (Settings; by default each lease's own contract rate). Discounting runs monthly by period: period 1, the cut-off month, is not discounted and period k is divided by (1 + d/12)^(k−1). A funder may choose discounting by actual days instead, as Excel's XNPV does. VAT never enters the NPV.",
      de: 'Der NPV ist der Barwert der verbleibenden Netto-Raten und des Restwerts zum Stichtag, abgezinst mit dem Diskontsatz des Refinanzierers (Einstellungen; standardmäßig der Vertragszins des jeweiligen Vertrags). Abgezinst wird monatlich je Periode: Periode 1, der Stichtagsmonat, wird nicht abgezinst, Periode k wird durch (1 + d/12)^(k−1) geteilt. Wahlweise kann nach tatsächlichen Tagen abgezinst werden, wie bei XKAPITALWERT in Excel. Die Umsatzsteuer geht nie in den NPV ein.',
      fr: "La VAN est la valeur actuelle, à la date d'arrêté, des loyers nets restants et de la valeur résiduelle du contrat, actualisés au taux d'actualisation du financeur (Paramètres ; par défaut le taux contractuel de chaque contrat). L'actualisation est mensuelle par période : la période 1, le mois d'arrêté, n'est pas actualisée et la période k est divisée par (1 + d/12)^(k−1). Le financeur peut choisir une actualisation en jours réels, comme la fonction VAN.PAIEMENTS d'Excel. La TVA n'entre jamais dans la VAN.",
      pt: 'O VAL é o valor atual, na data de corte, das rendas líquidas restantes e do valor residual do contrato, descontados à taxa de desconto do financiador (Definições; por omissão, a taxa contratual de cada contrato). O desconto é mensal por período: o período 1, o mês de corte, não é descontado e o período k é dividido por (1 + d/12)^(k−1). O financiador pode optar pelo desconto em dias reais, como a função XVAL do Excel. O IVA nunca entra no VAL.',
    },
  },
  {
    category: 'valuation',
    slug: 'check-not-zero',
    question: {
      en: 'What does check ≠ 0 mean?',
      de: 'Was bedeutet Prüfwert ≠ 0?',
      fr: 'Que signifie un contrôle ≠ 0 ?',
      pt: 'O que significa verificação ≠ 0?',
    },
    answer: {
      en: "Check is the present value of the remaining flows at the lease's contract rate, discounted in the lease's own periods, minus its outstanding principal. For a sound schedule it is zero within one cent per remaining instalment. Anything else flags the lease: its stored schedule no longer matches its terms (for example after a rate change or a manual edit), so review the lease before relying on its figures.",
      de: 'Der Prüfwert ist der Barwert der verbleibenden Zahlungen zum Vertragszins, abgezinst in den eigenen Perioden des Vertrags, abzüglich des ausstehenden Kapitals. Bei einem stimmigen Zahlungsplan ist er null, bis auf einen Cent je verbleibender Rate. Jeder andere Wert markiert den Vertrag: Der gespeicherte Zahlungsplan passt nicht mehr zu den Konditionen (etwa nach einer Zinsänderung oder manuellen Korrektur). Prüfen Sie den Vertrag, bevor Sie seine Zahlen verwenden.',
      fr: "Le contrôle est la valeur actuelle des flux restants au taux contractuel, actualisés dans les périodes propres du contrat, moins le capital restant dû. Pour un échéancier cohérent, il est nul à un centime près par loyer restant. Toute autre valeur signale le contrat : son échéancier enregistré ne correspond plus à ses conditions (par exemple après un changement de taux ou une correction manuelle). Vérifiez le contrat avant d'utiliser ses chiffres.",
      pt: 'A verificação é o valor atual dos fluxos restantes à taxa contratual, descontados nos períodos próprios do contrato, menos o capital em dívida. Num plano de pagamentos coerente é zero, com uma tolerância de um cêntimo por renda restante. Qualquer outro valor assinala o contrato: o plano guardado já não corresponde às condições (por exemplo, após uma alteração de taxa ou uma correção manual). Reveja o contrato antes de confiar nos seus valores.',
    },
  },
  {
    category: 'valuation',
    slug: 'purchase-price',
    question: {
      en: 'What is the purchase price (sellto4G)?',
      de: 'Was ist der Kaufpreis (sellto4G)?',
      fr: "Qu'est-ce que le prix d'achat (sellto4G) ?",
      pt: 'O que é o preço de compra (sellto4G)?',
    },
    answer: {
      en: "It is the price the funder pays for the lease: the agreed purchase price where one is recorded, otherwise the present value of the remaining net flows at the funder's buy rate. Delta is the purchase price minus the NPV.",
      de: 'Es ist der Preis, den der Refinanzierer für den Vertrag zahlt: der vereinbarte Kaufpreis, sofern erfasst, sonst der Barwert der verbleibenden Netto-Zahlungen zum Ankaufszins des Refinanzierers. Delta ist der Kaufpreis abzüglich des NPV.',
      fr: "C'est le prix que le financeur paie pour le contrat : le prix d'achat convenu lorsqu'il est enregistré, sinon la valeur actuelle des flux nets restants au taux d'achat du financeur. Le delta est le prix d'achat moins la VAN.",
      pt: 'É o preço que o financiador paga pelo contrato: o preço de compra acordado, quando registado, ou então o valor atual dos fluxos líquidos restantes à taxa de compra do financiador. O delta é o preço de compra menos o VAL.',
    },
  },
  {
    category: 'payments',
    slug: 'payment-allocation',
    question: {
      en: 'How are payments allocated?',
      de: 'Wie werden Zahlungen zugeordnet?',
      fr: 'Comment les paiements sont-ils imputés ?',
      pt: 'Como são imputados os pagamentos?',
    },
    answer: {
      en: 'A payment is recorded against a lease and allocated to its open instalments, oldest first. Within an instalment the default order is VAT, then fees, then interest, then principal; a funder setting may choose another order. Cash beyond the last open instalment stays as a credit on the lease.',
      de: 'Eine Zahlung wird einem Vertrag zugeordnet und auf seine offenen Raten verteilt, die älteste zuerst. Innerhalb einer Rate gilt standardmäßig die Reihenfolge Umsatzsteuer, Gebühren, Zinsen, Tilgung; eine Einstellung des Refinanzierers kann eine andere Reihenfolge festlegen. Beträge über die letzte offene Rate hinaus bleiben als Guthaben auf dem Vertrag.',
      fr: "Un paiement est enregistré sur un contrat et imputé à ses loyers ouverts, du plus ancien au plus récent. Au sein d'un loyer, l'ordre par défaut est TVA, frais, intérêts, puis capital ; un paramètre du financeur peut choisir un autre ordre. Le montant au-delà du dernier loyer ouvert reste en crédit sur le contrat.",
      pt: 'Um pagamento é registado num contrato e imputado às suas rendas em aberto, da mais antiga para a mais recente. Dentro de uma renda, a ordem por omissão é IVA, comissões, juros e capital; uma definição do financiador pode escolher outra ordem. O valor que exceda a última renda em aberto fica como crédito no contrato.',
    },
  },
  {
    category: 'payments',
    slug: 'reverse-a-payment',
    question: {
      en: 'How do I correct a payment recorded by mistake?',
      de: 'Wie korrigiere ich eine irrtümlich erfasste Zahlung?',
      fr: 'Comment corriger un paiement enregistré par erreur ?',
      pt: 'Como corrijo um pagamento registado por engano?',
    },
    answer: {
      en: "Payments are never deleted. Record a reversal instead: it names the original payment, and the lease's allocation is recomputed in the same step, so the history stays complete.",
      de: 'Zahlungen werden nie gelöscht. Erfassen Sie stattdessen einen Storno: Er verweist auf die ursprüngliche Zahlung, und die Zuordnung des Vertrags wird im selben Schritt neu berechnet, sodass die Historie vollständig bleibt.',
      fr: "Les paiements ne sont jamais supprimés. Enregistrez plutôt une contre-passation : elle désigne le paiement d'origine et l'imputation du contrat est recalculée dans la même opération, de sorte que l'historique reste complet.",
      pt: 'Os pagamentos nunca são apagados. Registe antes um estorno: ele indica o pagamento original e a imputação do contrato é recalculada no mesmo passo, pelo que o histórico fica completo.',
    },
  },
  {
    category: 'arrears',
    slug: 'thirty-days-past-due',
    question: {
      en: 'When does a lease become 30+ days past due?',
      de: 'Wann ist ein Vertrag mehr als 30 Tage im Verzug?',
      fr: 'Quand un contrat a-t-il plus de 30 jours de retard ?',
      pt: 'Quando fica um contrato com mais de 30 dias de atraso?',
    },
    answer: {
      en: 'Days past due count calendar days from the due date of the oldest instalment that still has something unpaid. The lease enters the 31–60 bucket once that instalment is more than 30 days overdue. Amounts below the materiality tolerance (by default 1.00 of the currency) do not age a lease.',
      de: 'Verzugstage zählen Kalendertage ab dem Fälligkeitsdatum der ältesten Rate, die noch nicht vollständig bezahlt ist. Der Vertrag fällt in die Klasse 31–60, sobald diese Rate mehr als 30 Tage überfällig ist. Beträge unter der Wesentlichkeitsgrenze (standardmäßig 1,00 der Währung) lassen einen Vertrag nicht altern.',
      fr: "Les jours de retard comptent les jours calendaires depuis l'échéance du plus ancien loyer encore partiellement impayé. Le contrat entre dans la tranche 31–60 dès que ce loyer a plus de 30 jours de retard. Les montants inférieurs au seuil de matérialité (par défaut 1,00 de la devise) ne font pas vieillir un contrat.",
      pt: 'Os dias de atraso contam dias de calendário desde o vencimento da renda mais antiga que ainda tem algo por pagar. O contrato entra no escalão 31–60 quando essa renda tem mais de 30 dias de atraso. Montantes abaixo da tolerância de materialidade (por omissão 1,00 da moeda) não fazem envelhecer um contrato.',
    },
  },
  {
    category: 'arrears',
    slug: 'lessee-days-past-due',
    question: {
      en: 'How are days past due shown for a lessee with several leases?',
      de: 'Wie werden Verzugstage bei einem Leasingnehmer mit mehreren Verträgen angezeigt?',
      fr: "Comment les jours de retard d'un locataire ayant plusieurs contrats sont-ils affichés ?",
      pt: 'Como são apresentados os dias de atraso de um locatário com vários contratos?',
    },
    answer: {
      en: "A lessee's days past due are the maximum over its leases, so one late contract places the whole client in its bucket.",
      de: 'Die Verzugstage eines Leasingnehmers sind das Maximum über seine Verträge: Ein einziger verspäteter Vertrag stuft den ganzen Kunden in seine Klasse ein.',
      fr: "Les jours de retard d'un locataire sont le maximum sur ses contrats : un seul contrat en retard place tout le client dans sa tranche.",
      pt: 'Os dias de atraso de um locatário são o máximo sobre os seus contratos: um único contrato em atraso coloca todo o cliente no respetivo escalão.',
    },
  },
  {
    category: 'portfolio',
    slug: 'cut-off-date',
    question: {
      en: 'What is the cut-off date?',
      de: 'Was ist der Stichtag?',
      fr: "Qu'est-ce que la date d'arrêté ?",
      pt: 'O que é a data de corte?',
    },
    answer: {
      en: 'The portfolio is valued at a cut-off date, by default the first day of the current month. Period 1 is the cut-off month; flows after period 61 are summed in a separate cash-beyond column so that totals always reconcile.',
      de: 'Das Portfolio wird zu einem Stichtag bewertet, standardmäßig dem ersten Tag des laufenden Monats. Periode 1 ist der Stichtagsmonat; Zahlungen nach Periode 61 werden in einer eigenen Spalte summiert, damit die Summen immer aufgehen.',
      fr: "Le portefeuille est évalué à une date d'arrêté, par défaut le premier jour du mois en cours. La période 1 est le mois d'arrêté ; les flux au-delà de la période 61 sont totalisés dans une colonne distincte afin que les totaux concordent toujours.",
      pt: 'A carteira é avaliada numa data de corte, por omissão o primeiro dia do mês corrente. O período 1 é o mês de corte; os fluxos depois do período 61 são somados numa coluna à parte, para que os totais batam sempre certo.',
    },
  },
  {
    category: 'portfolio',
    slug: 'weighted-average-life',
    question: {
      en: 'How is the weighted average life (WAL) computed?',
      de: 'Wie wird die gewichtete durchschnittliche Laufzeit (WAL) berechnet?',
      fr: 'Comment la durée de vie moyenne pondérée (WAL) est-elle calculée ?',
      pt: 'Como é calculada a vida média ponderada (WAL)?',
    },
    answer: {
      en: 'WAL weights the time to each remaining principal repayment by the amount repaid, in years, and the portfolio figure averages the leases weighted by outstanding balance.',
      de: 'Die WAL gewichtet die Zeit bis zu jeder verbleibenden Tilgung mit dem getilgten Betrag, in Jahren; der Portfoliowert mittelt die Verträge gewichtet nach ausstehendem Kapital.',
      fr: "La WAL pondère le délai jusqu'à chaque remboursement de capital restant par le montant remboursé, en années ; le chiffre du portefeuille fait la moyenne des contrats pondérée par l'encours.",
      pt: 'A WAL pondera o tempo até cada amortização de capital restante pelo montante amortizado, em anos; o valor da carteira é a média dos contratos ponderada pelo capital em dívida.',
    },
  },
  {
    category: 'pricing',
    slug: 'lease-limit',
    question: {
      en: 'Does my plan limit the number of leases?',
      de: 'Begrenzt mein Tarif die Anzahl der Verträge?',
      fr: 'Mon abonnement limite-t-il le nombre de contrats ?',
      pt: 'O meu plano limita o número de contratos?',
    },
    answer: {
      en: 'No. Every plan values portfolios of any size; the plans differ in the number of funders and users and in the servicing features.',
      de: 'Nein. Jeder Tarif bewertet Portfolios beliebiger Größe; die Tarife unterscheiden sich in der Zahl der Refinanzierer und Benutzer und in den Servicing-Funktionen.',
      fr: 'Non. Chaque abonnement évalue des portefeuilles de toute taille ; ils diffèrent par le nombre de financeurs et d’utilisateurs et par les fonctions de gestion.',
      pt: 'Não. Todos os planos avaliam carteiras de qualquer dimensão; diferem no número de financiadores e utilizadores e nas funções de gestão.',
    },
  },
  {
    category: 'pricing',
    slug: 'yearly-billing',
    question: {
      en: 'Can I switch from monthly to yearly billing?',
      de: 'Kann ich von monatlicher auf jährliche Abrechnung wechseln?',
      fr: 'Puis-je passer d’une facturation mensuelle à annuelle ?',
      pt: 'Posso mudar da faturação mensal para anual?',
    },
    answer: {
      en: 'Yes. The change applies from the next billing period, and the yearly price is charged in one payment.',
      de: 'Ja. Die Änderung gilt ab dem nächsten Abrechnungszeitraum, und der Jahrespreis wird in einer Zahlung berechnet.',
      fr: 'Oui. Le changement s’applique à partir de la prochaine période de facturation et le prix annuel est prélevé en une fois.',
      pt: 'Sim. A alteração aplica-se a partir do próximo período de faturação e o preço anual é cobrado de uma só vez.',
    },
  },
  {
    category: 'pricing',
    slug: 'data-use',
    question: {
      en: 'Is my portfolio data used for anything else?',
      de: 'Werden meine Portfoliodaten für andere Zwecke verwendet?',
      fr: 'Mes données de portefeuille servent-elles à autre chose ?',
      pt: 'Os dados da minha carteira são usados para outros fins?',
    },
    answer: {
      en: 'No. Your leases, lessees and payments are processed only to provide the service to your organisation.',
      de: 'Nein. Ihre Verträge, Leasingnehmer und Zahlungen werden nur verarbeitet, um Ihrer Organisation den Dienst zu erbringen.',
      fr: 'Non. Vos contrats, locataires et paiements ne sont traités que pour fournir le service à votre organisation.',
      pt: 'Não. Os seus contratos, locatários e pagamentos são tratados apenas para prestar o serviço à sua organização.',
    },
  },
];

const KB_ARTICLES: { category: string; img: string; title: L; description: L }[] = [
  {
    category: 'getting-started',
    img: '/images/kb/getting-started.svg',
    title: { en: 'Getting started', de: 'Erste Schritte', fr: 'Premiers pas', pt: 'Primeiros passos' },
    description: {
      en: "Import the lease book, set the funder's rates and value the portfolio at a cut-off date.",
      de: 'Den Vertragsbestand importieren, die Zinssätze des Refinanzierers festlegen und das Portfolio zum Stichtag bewerten.',
      fr: "Importer le portefeuille de contrats, fixer les taux du financeur et évaluer le portefeuille à une date d'arrêté.",
      pt: 'Importar a carteira de contratos, definir as taxas do financiador e avaliar a carteira numa data de corte.',
    },
  },
  {
    category: 'valuation',
    img: '/images/kb/valuation.svg',
    title: { en: 'Valuation', de: 'Bewertung', fr: 'Évaluation', pt: 'Avaliação' },
    description: {
      en: 'NPV, purchase price, delta and the check column explained with worked examples.',
      de: 'NPV, Kaufpreis, Delta und die Prüfspalte an durchgerechneten Beispielen erklärt.',
      fr: 'VAN, prix d’achat, delta et colonne de contrôle expliqués par des exemples chiffrés.',
      pt: 'VAL, preço de compra, delta e a coluna de verificação explicados com exemplos.',
    },
  },
  {
    category: 'servicing',
    img: '/images/kb/servicing.svg',
    title: { en: 'Servicing', de: 'Servicing', fr: 'Gestion des encaissements', pt: 'Gestão de cobranças' },
    description: {
      en: 'Record payments, import bank statements and follow arrears by bucket.',
      de: 'Zahlungen erfassen, Kontoauszüge importieren und Rückstände nach Verzugsklassen verfolgen.',
      fr: 'Enregistrer les paiements, importer les relevés bancaires et suivre les arriérés par tranche.',
      pt: 'Registar pagamentos, importar extratos bancários e acompanhar os atrasos por escalão.',
    },
  },
  {
    category: 'reports',
    img: '/images/kb/reports.svg',
    title: { en: 'Reports', de: 'Berichte', fr: 'Rapports', pt: 'Relatórios' },
    description: {
      en: 'Stratification tables, loan-level data tapes and customer concentration.',
      de: 'Stratifikationstabellen, Datenbänder auf Vertragsebene und Kundenkonzentration.',
      fr: 'Tables de stratification, bandes de données par contrat et concentration des clients.',
      pt: 'Tabelas de estratificação, fitas de dados por contrato e concentração de clientes.',
    },
  },
  {
    category: 'settings',
    img: '/images/kb/settings.svg',
    title: {
      en: 'Funder settings',
      de: 'Einstellungen des Refinanzierers',
      fr: 'Paramètres du financeur',
      pt: 'Definições do financiador',
    },
    description: {
      en: 'Buy rate, discount convention, facility and advance rates, allocation order.',
      de: 'Ankaufszins, Abzinsungskonvention, Kredit- und Beleihungssatz, Zuordnungsreihenfolge.',
      fr: "Taux d'achat, convention d'actualisation, taux de la ligne et d'avance, ordre d'imputation.",
      pt: 'Taxa de compra, convenção de desconto, taxas da linha e de adiantamento, ordem de imputação.',
    },
  },
  {
    category: 'api',
    img: '/images/kb/api.svg',
    title: { en: 'API and integrations', de: 'API und Schnittstellen', fr: 'API et intégrations', pt: 'API e integrações' },
    description: {
      en: 'Bearer tokens, the documented endpoints and the ERP connector.',
      de: 'Bearer-Token, die dokumentierten Endpunkte und der ERP-Connector.',
      fr: 'Jetons Bearer, points d’accès documentés et connecteur ERP.',
      pt: 'Tokens Bearer, os endpoints documentados e o conector ERP.',
    },
  },
];

const BLOG_CATEGORIES: { slug: string; icon: string; label: L }[] = [
  {
    slug: 'portfolio',
    icon: 'ChartPie',
    label: { en: 'Portfolio management', de: 'Portfoliomanagement', fr: 'Gestion de portefeuille', pt: 'Gestão de carteira' },
  },
  { slug: 'servicing', icon: 'Headset', label: { en: 'Servicing', de: 'Servicing', fr: 'Recouvrement', pt: 'Cobrança' } },
  { slug: 'risk', icon: 'ShieldAlert', label: { en: 'Credit risk', de: 'Kreditrisiko', fr: 'Risque de crédit', pt: 'Risco de crédito' } },
  { slug: 'funding', icon: 'Landmark', label: { en: 'Funding', de: 'Refinanzierung', fr: 'Refinancement', pt: 'Financiamento' } },
];

const BLOG_POSTS: {
  slug: string;
  categories: string[];
  img: string;
  author: string;
  avatar: string;
  daysAgo: number;
  bookmarked: number;
  title: L;
  excerpt: L;
  paragraphs: L[];
  comments: { author: string; avatar: string; daysAgo: number; text: L }[];
}[] = [
  {
    slug: 'reading-a-portfolio-cash-flow',
    categories: ['portfolio'],
    img: '/images/blog/cash-flow.svg',
    author: 'Ana Analyst',
    avatar: '/images/avatars/analyst.svg',
    daysAgo: 12,
    bookmarked: 14,
    title: {
      en: 'Reading a portfolio cash flow at a glance',
      de: 'Den Zahlungsstrom eines Portfolios auf einen Blick lesen',
      fr: "Lire d'un coup d'œil les flux d'un portefeuille",
      pt: 'Ler o fluxo de caixa de uma carteira num relance',
    },
    excerpt: {
      en: 'Sixty-one monthly columns, one row per lease: what to look at first and which totals must reconcile.',
      de: 'Einundsechzig Monatsspalten, eine Zeile je Vertrag: worauf man zuerst schaut und welche Summen aufgehen müssen.',
      fr: 'Soixante et une colonnes mensuelles, une ligne par contrat : ce qu’il faut regarder d’abord et quels totaux doivent concorder.',
      pt: 'Sessenta e uma colunas mensais, uma linha por contrato: o que ver primeiro e que totais têm de bater certo.',
    },
    paragraphs: [
      {
        en: 'Start with the totals per currency: the sum of the 61 periods plus the cash beyond them must equal the total cash flow of every lease. If it does not, a schedule is missing rows.',
        de: 'Beginnen Sie mit den Summen je Währung: Die Summe der 61 Perioden plus die Zahlungen danach muss dem gesamten Zahlungsstrom jedes Vertrags entsprechen. Ist das nicht so, fehlen einem Zahlungsplan Zeilen.',
        fr: 'Commencez par les totaux par devise : la somme des 61 périodes plus les flux au-delà doit égaler le flux total de chaque contrat. Sinon, il manque des lignes à un échéancier.',
        pt: 'Comece pelos totais por moeda: a soma dos 61 períodos mais os fluxos posteriores tem de igualar o fluxo total de cada contrato. Caso contrário, falta um plano de pagamentos com linhas.',
      },
      {
        en: 'Then sort by the check column. A non-zero check means the stored schedule and the contract terms disagree, and that lease deserves a look before the portfolio is sold or refinanced.',
        de: 'Sortieren Sie danach nach der Prüfspalte. Ein Prüfwert ungleich null bedeutet, dass Zahlungsplan und Vertragskonditionen auseinanderlaufen; dieser Vertrag verdient einen Blick, bevor das Portfolio verkauft oder refinanziert wird.',
        fr: 'Triez ensuite par la colonne de contrôle. Un contrôle non nul signifie que l’échéancier enregistré et les conditions du contrat divergent : ce contrat mérite un examen avant toute cession ou tout refinancement du portefeuille.',
        pt: 'Depois ordene pela coluna de verificação. Uma verificação diferente de zero significa que o plano guardado e as condições do contrato não coincidem, e esse contrato merece atenção antes de a carteira ser vendida ou refinanciada.',
      },
    ],
    comments: [
      {
        author: 'Victor Viewer',
        avatar: '/images/avatars/viewer.svg',
        daysAgo: 10,
        text: {
          en: 'The cash-beyond column saved us a reconciliation headache on our 84-month leases.',
          de: 'Die Spalte für spätere Zahlungen hat uns bei unseren 84-Monats-Verträgen viel Abstimmungsarbeit erspart.',
          fr: 'La colonne des flux ultérieurs nous a évité bien des rapprochements sur nos contrats de 84 mois.',
          pt: 'A coluna dos fluxos posteriores poupou-nos muito trabalho de reconciliação nos contratos de 84 meses.',
        },
      },
      {
        author: 'Alex Admin',
        avatar: '/images/avatars/admin.svg',
        daysAgo: 9,
        text: {
          en: 'Worth adding: switch the gross option on when you reconcile against bank statements, since those include VAT.',
          de: 'Ergänzung: Schalten Sie beim Abgleich mit Kontoauszügen die Brutto-Option ein, denn diese enthalten die Umsatzsteuer.',
          fr: 'À ajouter : activez l’option brute pour rapprocher avec les relevés bancaires, qui incluent la TVA.',
          pt: 'Vale a pena acrescentar: ative a opção bruta ao reconciliar com extratos bancários, que incluem IVA.',
        },
      },
    ],
  },
  {
    slug: 'early-signs-of-arrears',
    categories: ['risk', 'servicing'],
    img: '/images/blog/arrears.svg',
    author: 'Alex Admin',
    avatar: '/images/avatars/admin.svg',
    daysAgo: 30,
    bookmarked: 22,
    title: {
      en: 'Five early signs of a lessee heading into arrears',
      de: 'Fünf frühe Anzeichen, dass ein Leasingnehmer in Verzug gerät',
      fr: 'Cinq signes précoces d’un locataire qui glisse vers l’impayé',
      pt: 'Cinco sinais precoces de um locatário a caminho do atraso',
    },
    excerpt: {
      en: 'Partial payments, shifting payment days and a growing 1–30 bucket usually come before the first 30+ days past due.',
      de: 'Teilzahlungen, wandernde Zahltage und eine wachsende Klasse 1–30 kommen meist vor dem ersten Verzug über 30 Tage.',
      fr: 'Paiements partiels, dates de paiement qui glissent et tranche 1–30 qui grossit précèdent souvent le premier retard de plus de 30 jours.',
      pt: 'Pagamentos parciais, dias de pagamento que deslizam e um escalão 1–30 a crescer costumam surgir antes do primeiro atraso superior a 30 dias.',
    },
    paragraphs: [
      {
        en: 'The clients behaviour page shows each lessee’s share of instalments paid on time and the average days late. A falling share is the earliest warning you get.',
        de: 'Die Seite zum Kundenverhalten zeigt für jeden Leasingnehmer den Anteil pünktlich bezahlter Raten und die durchschnittliche Verspätung. Ein sinkender Anteil ist die früheste Warnung.',
        fr: 'La page du comportement des clients montre, pour chaque locataire, la part des loyers payés à l’heure et le retard moyen. Une part qui baisse est le premier avertissement.',
        pt: 'A página do comportamento dos clientes mostra, para cada locatário, a parte das rendas pagas a tempo e o atraso médio. Uma parte em queda é o primeiro aviso.',
      },
      {
        en: 'Because a lessee’s days past due are the maximum over its leases, one late contract moves the whole client: follow up on it before the other contracts follow.',
        de: 'Da die Verzugstage eines Leasingnehmers das Maximum über seine Verträge sind, verschiebt ein verspäteter Vertrag den ganzen Kunden: Haken Sie nach, bevor die anderen Verträge folgen.',
        fr: 'Comme les jours de retard d’un locataire sont le maximum sur ses contrats, un seul contrat en retard déplace tout le client : relancez avant que les autres contrats suivent.',
        pt: 'Como os dias de atraso de um locatário são o máximo sobre os seus contratos, um contrato em atraso move todo o cliente: acompanhe-o antes que os outros contratos o sigam.',
      },
    ],
    comments: [
      {
        author: 'Ana Analyst',
        avatar: '/images/avatars/analyst.svg',
        daysAgo: 28,
        text: {
          en: 'We now review the 1–30 bucket every Monday; it has cut our 60+ arrears noticeably.',
          de: 'Wir prüfen die Klasse 1–30 jetzt jeden Montag; unsere Rückstände über 60 Tage sind spürbar gesunken.',
          fr: 'Nous revoyons désormais la tranche 1–30 chaque lundi ; nos impayés de plus de 60 jours ont nettement baissé.',
          pt: 'Agora revemos o escalão 1–30 todas as segundas-feiras; os nossos atrasos acima de 60 dias baixaram bastante.',
        },
      },
      {
        author: 'Clara Client',
        avatar: '/images/avatars/client.svg',
        daysAgo: 27,
        text: {
          en: 'As a lessee, a short reminder a few days after the due date is much appreciated.',
          de: 'Als Leasingnehmer schätzen wir eine kurze Erinnerung wenige Tage nach Fälligkeit sehr.',
          fr: 'En tant que locataire, un bref rappel quelques jours après l’échéance est très apprécié.',
          pt: 'Como locatário, um breve lembrete poucos dias após o vencimento é muito apreciado.',
        },
      },
    ],
  },
  {
    slug: 'matching-the-funding-line',
    categories: ['funding', 'portfolio'],
    img: '/images/blog/funding.svg',
    author: 'Ana Analyst',
    avatar: '/images/avatars/analyst.svg',
    daysAgo: 55,
    bookmarked: 9,
    title: {
      en: 'Matching the funding line to the lease book',
      de: 'Die Refinanzierungslinie an den Vertragsbestand anpassen',
      fr: 'Aligner la ligne de refinancement sur le portefeuille de contrats',
      pt: 'Alinhar a linha de financiamento com a carteira de contratos',
    },
    excerpt: {
      en: 'When the liability amortizes with the leases, the funding line ends at exactly zero with the last instalment.',
      de: 'Wenn die Verbindlichkeit mit den Verträgen getilgt wird, endet die Refinanzierungslinie mit der letzten Rate genau bei null.',
      fr: 'Quand le passif s’amortit avec les contrats, la ligne de refinancement s’éteint exactement à zéro avec le dernier loyer.',
      pt: 'Quando o passivo amortiza com os contratos, a linha de financiamento termina exatamente em zero com a última renda.',
    },
    paragraphs: [
      {
        en: 'The opening liability of each lease is the advance rate times its purchase price. Each period the principal repaid follows the lease’s own principal share, so the funding line never outlives the asset.',
        de: 'Die anfängliche Verbindlichkeit je Vertrag ist der Beleihungssatz mal Kaufpreis. In jeder Periode folgt die Tilgung dem Tilgungsanteil des Vertrags, sodass die Refinanzierung das Objekt nie überdauert.',
        fr: 'Le passif initial de chaque contrat est le taux d’avance multiplié par son prix d’achat. À chaque période, le capital remboursé suit la part de capital du contrat, de sorte que la ligne ne survit jamais à l’actif.',
        pt: 'O passivo inicial de cada contrato é a taxa de adiantamento vezes o preço de compra. Em cada período, o capital amortizado segue a parte de capital do contrato, pelo que a linha nunca dura mais do que o ativo.',
      },
      {
        en: 'Interest on the line is charged on the opening balance at the facility rate on a 30/360 basis; the liability pages show principal, interest and VAT per period and currency.',
        de: 'Zinsen auf die Linie werden auf den Anfangssaldo zum Kreditsatz nach 30/360 berechnet; die Seiten zur Verbindlichkeit zeigen Tilgung, Zinsen und Umsatzsteuer je Periode und Währung.',
        fr: 'Les intérêts de la ligne sont calculés sur le solde d’ouverture au taux de la ligne en base 30/360 ; les pages du passif montrent capital, intérêts et TVA par période et par devise.',
        pt: 'Os juros da linha incidem sobre o saldo inicial à taxa da linha em base 30/360; as páginas do passivo mostram capital, juros e IVA por período e moeda.',
      },
    ],
    comments: [
      {
        author: 'Victor Viewer',
        avatar: '/images/avatars/viewer.svg',
        daysAgo: 50,
        text: {
          en: 'Clear explanation of why the last period absorbs the rounding.',
          de: 'Klare Erklärung, warum die letzte Periode die Rundung aufnimmt.',
          fr: 'Explication claire de la raison pour laquelle la dernière période absorbe l’arrondi.',
          pt: 'Explicação clara de porque é que o último período absorve o arredondamento.',
        },
      },
    ],
  },
];

const PRICING_PLANS: {
  key: 'basic' | 'standard' | 'enterprise';
  img: string;
  monthly: number;
  perMonth: number;
  total: number;
  popular: boolean;
  title: L;
  subtitle: L;
  benefits: L[];
}[] = [
  {
    key: 'basic',
    img: '/images/pricing/basic.svg',
    monthly: 0,
    perMonth: 0,
    total: 0,
    popular: false,
    title: { en: 'Basic', de: 'Basis', fr: 'Essentiel', pt: 'Básico' },
    subtitle: {
      en: 'A start for a small lease book',
      de: 'Der Einstieg für einen kleinen Bestand',
      fr: 'Pour démarrer avec un petit portefeuille',
      pt: 'Para começar com uma carteira pequena',
    },
    benefits: [
      { en: 'One funder', de: 'Ein Refinanzierer', fr: 'Un financeur', pt: 'Um financiador' },
      { en: 'Up to 3 users', de: 'Bis zu 3 Benutzer', fr: 'Jusqu’à 3 utilisateurs', pt: 'Até 3 utilizadores' },
      {
        en: 'Portfolio valuation and cash flow',
        de: 'Portfoliobewertung und Zahlungsstrom',
        fr: 'Évaluation et flux du portefeuille',
        pt: 'Avaliação e fluxo de caixa da carteira',
      },
    ],
  },
  {
    key: 'standard',
    img: '/images/pricing/standard.svg',
    monthly: 49,
    perMonth: 40,
    total: 480,
    popular: true,
    title: { en: 'Standard', de: 'Standard', fr: 'Standard', pt: 'Padrão' },
    subtitle: {
      en: 'For growing funders',
      de: 'Für wachsende Refinanzierer',
      fr: 'Pour les financeurs en croissance',
      pt: 'Para financiadores em crescimento',
    },
    benefits: [
      { en: 'Up to 3 funders', de: 'Bis zu 3 Refinanzierer', fr: 'Jusqu’à 3 financeurs', pt: 'Até 3 financiadores' },
      { en: 'Up to 15 users', de: 'Bis zu 15 Benutzer', fr: 'Jusqu’à 15 utilisateurs', pt: 'Até 15 utilizadores' },
      { en: 'Servicing and collections', de: 'Servicing und Zahlungseingänge', fr: 'Gestion et encaissements', pt: 'Gestão e cobranças' },
      {
        en: 'Stratification and tape reports',
        de: 'Stratifikation und Datenbänder',
        fr: 'Stratification et bandes de données',
        pt: 'Estratificação e fitas de dados',
      },
    ],
  },
  {
    key: 'enterprise',
    img: '/images/pricing/enterprise.svg',
    monthly: 99,
    perMonth: 80,
    total: 960,
    popular: false,
    title: { en: 'Enterprise', de: 'Enterprise', fr: 'Entreprise', pt: 'Empresarial' },
    subtitle: {
      en: 'For lessors and banks',
      de: 'Für Leasinggesellschaften und Banken',
      fr: 'Pour les bailleurs et les banques',
      pt: 'Para locadoras e bancos',
    },
    benefits: [
      {
        en: 'Unlimited funders and users',
        de: 'Unbegrenzt Refinanzierer und Benutzer',
        fr: 'Financeurs et utilisateurs illimités',
        pt: 'Financiadores e utilizadores ilimitados',
      },
      {
        en: 'ERP connector and API access',
        de: 'ERP-Connector und API-Zugang',
        fr: 'Connecteur ERP et accès API',
        pt: 'Conector ERP e acesso à API',
      },
      {
        en: 'Servicing reports as CSV and XLSX',
        de: 'Servicing-Berichte als CSV und XLSX',
        fr: 'Rapports de gestion en CSV et XLSX',
        pt: 'Relatórios de gestão em CSV e XLSX',
      },
      { en: 'Priority support', de: 'Bevorzugter Support', fr: 'Support prioritaire', pt: 'Suporte prioritário' },
    ],
  },
];

const PROFILES: Record<string, { designation: string; bio: string; dob: string | null; website: string; phone: string; lives: string }> = {
  'admin@quantum.demo': {
    designation: 'Head of Portfolio Operations',
    bio: 'Runs the funder onboarding and the monthly valuation close.',
    dob: '1984-03-12',
    website: 'https://quantum.demo',
    phone: '+49 69 1234 5601',
    lives: 'Frankfurt am Main',
  },
  'analyst@quantum.demo': {
    designation: 'Portfolio Analyst',
    bio: 'Reconciles the cash flows and prepares the investor tapes.',
    dob: '1991-07-24',
    website: 'https://quantum.demo',
    phone: '+351 21 123 4602',
    lives: 'Lisboa',
  },
  'viewer@quantum.demo': {
    designation: 'Credit Risk Officer',
    bio: 'Follows arrears and concentration limits.',
    dob: null,
    website: '',
    phone: '+33 1 23 45 67 03',
    lives: 'Paris',
  },
  'client@quantum.demo': {
    designation: 'Fleet Manager',
    bio: 'Manages the vehicle leases of Lessee Partner Ltd.',
    dob: null,
    website: '',
    phone: '+44 20 1234 5604',
    lives: 'London',
  },
};

const TICKET_SUBJECTS = [
  'Payment not allocated',
  'Request for a settlement quote',
  'Change of direct-debit account',
  'Copy of the lease schedule',
  'VAT invoice correction',
  'Early termination enquiry',
  'Insurance certificate update',
];

const FIRST_NAMES = [
  'Anna',
  'Lukas',
  'Sofia',
  'Miguel',
  'Claire',
  'Jonas',
  'Inês',
  'Pierre',
  'Marta',
  'Felix',
  'Lea',
  'João',
  'Camille',
  'Tomás',
  'Emma',
  'Hugo',
];
const LAST_NAMES = [
  'Becker',
  'Silva',
  'Martin',
  'Schneider',
  'Costa',
  'Dubois',
  'Fischer',
  'Ferreira',
  'Laurent',
  'Weber',
  'Santos',
  'Moreau',
  'Wagner',
  'Oliveira',
];
const POSTS = [
  'Fleet Manager',
  'Chief Financial Officer',
  'Procurement Lead',
  'Accounts Payable Clerk',
  'Operations Director',
  'IT Asset Manager',
  'Practice Manager',
  'Managing Director',
];
const CITIES = [
  'München',
  'Köln',
  'Porto',
  'Lisboa',
  'Lyon',
  'Paris',
  'Hamburg',
  'Braga',
  'Toulouse',
  'Zürich',
  'London',
  'Madrid',
  'Milano',
  'Rotterdam',
];

function shiftDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function html(paragraphs: string[]): string {
  return paragraphs.map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`).join('');
}

/**
 * Seeds the reading content (FAQ, knowledge base, blog, pricing) in the four locales, the demo users'
 * profiles, and the series without a portfolio meaning (service-desk tickets, portal traffic, newsletter)
 * for the 400 days up to `today`. Deterministic for a given seed and `today`; one transaction.
 */
export function seedContent(db: Db, opts: { today: string; seed?: number }): void {
  const rng = new Random(opts.seed ?? 6);
  const now = Date.parse(`${opts.today}T00:00:00Z`);
  db.transaction((tx) => {
    for (const locale of CONTENT_LOCALES) {
      tx.insert(faqCategories)
        .values(
          FAQ_CATEGORIES.map((c, i) => ({
            slug: c.slug,
            locale,
            icon: c.icon,
            iconColor: c.iconColor,
            title: c.title[locale],
            subtitle: c.subtitle[locale],
            position: i,
          })),
        )
        .run();
      tx.insert(faqQuestions)
        .values(
          FAQ_QUESTIONS.map((q, i) => ({
            questionNo: i + 1,
            categorySlug: q.category,
            locale,
            slug: q.slug,
            question: q.question[locale],
            answer: q.answer[locale],
            position: i,
            updatedOn: shiftDays(opts.today, -(3 + i * 5)),
          })),
        )
        .run();
      tx.insert(kbArticles)
        .values(
          KB_ARTICLES.map((a, i) => ({
            articleNo: i + 1,
            locale,
            category: a.category,
            img: a.img,
            title: a.title[locale],
            description: a.description[locale],
            position: i,
          })),
        )
        .run();
      tx.insert(blogCategories)
        .values(BLOG_CATEGORIES.map((c, i) => ({ slug: c.slug, locale, label: c.label[locale], icon: c.icon, position: i })))
        .run();
      tx.insert(blogPosts)
        .values(
          BLOG_POSTS.map((p, i) => ({
            postNo: i + 1,
            locale,
            slug: p.slug,
            categories: JSON.stringify(p.categories),
            tags: JSON.stringify(p.categories.map((c) => BLOG_CATEGORIES.find((b) => b.slug === c)!.label[locale])),
            img: p.img,
            title: p.title[locale],
            authorName: p.author,
            avatar: p.avatar,
            postedOn: shiftDays(opts.today, -p.daysAgo),
            excerpt: p.excerpt[locale],
            content: html(p.paragraphs.map((para) => para[locale])),
            status: 'published' as const,
            bookmarked: p.bookmarked,
          })),
        )
        .run();
      tx.insert(blogComments)
        .values(
          BLOG_POSTS.flatMap((p, i) =>
            p.comments.map((c) => ({
              postNo: i + 1,
              locale,
              authorName: c.author,
              avatar: c.avatar,
              commentedOn: shiftDays(opts.today, -c.daysAgo),
              text: c.text[locale],
            })),
          ),
        )
        .run();
      tx.insert(pricingPlans)
        .values(
          PRICING_PLANS.map((p, i) => ({
            planKey: p.key,
            locale,
            title: p.title[locale],
            img: p.img,
            subtitle: p.subtitle[locale],
            monthlyPrice: p.monthly,
            yearlyPerMonth: p.perMonth,
            yearlyTotal: p.total,
            benefits: JSON.stringify(p.benefits.map((b) => b[locale])),
            popular: p.popular,
            position: i,
          })),
        )
        .run();
    }

    for (const u of tx.select({ id: users.id, email: users.email, username: users.username }).from(users).all()) {
      const p = PROFILES[u.email];
      if (!p) continue;
      tx.insert(userProfiles)
        .values({
          userId: u.id,
          ...p,
          coverImg: '/images/profile/cover.svg',
          socialLinks: JSON.stringify({
            twitter: '',
            facebook: '',
            google: '',
            linkedIn: `https://www.linkedin.com/in/${u.username}-quantum`,
            instagram: '',
            quora: '',
          }),
          connections: JSON.stringify({ twitter: {}, google: {}, facebook: {}, github: {} }),
          notifications: JSON.stringify({
            commentOnArticle: true,
            answerOnForm: true,
            followMe: false,
            newAnnouncements: true,
            productUpdates: true,
            blogDigest: false,
          }),
          updatedAt: now,
        })
        .onConflictDoNothing()
        .run();
    }

    const funderIds = tx
      .select({ id: funders.id })
      .from(funders)
      .all()
      .map((f) => f.id);
    const tickets: (typeof supportTickets.$inferInsert)[] = [];
    const traffic: (typeof webTrafficDaily.$inferInsert)[] = [];
    const newsletter: (typeof newsletterDaily.$inferInsert)[] = [];
    const DAYS = 400;
    for (let d = DAYS - 1; d >= 0; d--) {
      const day = shiftDays(opts.today, -d);
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const workday = weekday !== 0 && weekday !== 6;
      // Slow growth over the window, weekends quiet.
      const level = (1 + (DAYS - d) / DAYS) * (workday ? 1 : 0.35);
      for (const fid of funderIds) {
        const n = rng.int(0, Math.round((fid === 1 ? 3 : 1) * (workday ? 1 : 0.3)));
        for (let k = 0; k < n; k++) {
          const resolvedAfter = rng.int(0, 12);
          const closedOn = d - resolvedAfter >= 0 && rng.chance(0.9) ? shiftDays(day, resolvedAfter) : null;
          tickets.push({
            funderId: fid,
            subject: rng.pick(TICKET_SUBJECTS),
            openedOn: day,
            firstResponseHours: Math.round((0.5 + rng.next() * 7.5) * 10) / 10,
            closedOn,
          });
        }
      }
      for (const [device, share] of [
        ['desktop', 0.62],
        ['mobile', 0.3],
        ['tablet', 0.08],
      ] as const) {
        const sessions = Math.round(level * share * rng.int(380, 520));
        const usersCount = Math.round(sessions * (0.55 + rng.next() * 0.15));
        traffic.push({
          day,
          device,
          sessions,
          users: usersCount,
          returningUsers: Math.round(usersCount * (0.6 + rng.next() * 0.2)),
          durationSec: rng.int(140, 420),
        });
      }
      newsletter.push({ day, gained: Math.round(level * rng.int(2, 14)), lost: rng.int(0, 3) });
    }
    for (let i = 0; i < tickets.length; i += 500)
      tx.insert(supportTickets)
        .values(tickets.slice(i, i + 500))
        .run();
    for (let i = 0; i < traffic.length; i += 500)
      tx.insert(webTrafficDaily)
        .values(traffic.slice(i, i + 500))
        .run();
    for (let i = 0; i < newsletter.length; i += 500)
      tx.insert(newsletterDaily)
        .values(newsletter.slice(i, i + 500))
        .run();
    tx.insert(cardTargets)
      .values([{ key: 'sessions_goal', value: 12_000 }])
      .onConflictDoNothing()
      .run();

    const rows: (typeof datatableRows.$inferInsert)[] = [];
    for (let id = 1; id <= 100; id++) {
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      const start = shiftDays(opts.today, -rng.int(60, 3650));
      const [y, m, dd] = start.split('-');
      rows.push({
        id,
        avatar: rng.chance(0.6) ? `/images/avatars/${rng.int(1, 12)}.svg` : '',
        fullName: `${first} ${last}`,
        post: rng.pick(POSTS),
        email: `${first}.${last}${id}@lessee.example`
          .toLowerCase()
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, ''),
        city: rng.pick(CITIES),
        startDate: `${m}/${dd}/${y}`,
        salary: `$${(rng.int(3_200_000, 14_000_000) / 100).toFixed(2)}`,
        age: rng.int(24, 64),
        experience: `${rng.int(1, 25)} Years`,
        status: rng.int(1, 5),
      });
    }
    tx.insert(datatableRows).values(rows).run();
  });
}
