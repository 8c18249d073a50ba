import { statisticsCardRoute } from '@/app/api/(compat)/card/card-handler';

export const dynamic = 'force-dynamic';

/** GET /card/card-statistics/profit-line-chart (also under /api/): see db/queries/content-cards.ts. */
export const GET = statisticsCardRoute('profit-line-chart');
