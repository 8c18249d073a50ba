import { analyticsCardRoute } from '@/app/api/(compat)/card/card-handler';

export const dynamic = 'force-dynamic';

/** GET /card/card-analytics/sessions-device (also under /api/): see db/queries/content-cards.ts. */
export const GET = analyticsCardRoute('sessions-device');
