import { statisticsCardRoute } from '@/app/api/(compat)/card/card-handler';

export const dynamic = 'force-dynamic';

/** GET /card/card-statistics/newsletter (also under /api/): see db/queries/content-cards.ts. */
export const GET = statisticsCardRoute('newsletter');
