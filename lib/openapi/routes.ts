import type { RouteDoc } from './registry';
import { accessRoutes } from './docs/access';
import { adminRoutes } from './docs/admin';
import { appsRoutes } from './docs/apps';
import { contentRoutes } from './docs/content';
import { facilitiesRoutes } from './docs/facilities';
import { coreRoutes } from './docs/core';
import { creditRoutes } from './docs/credit';
import { historyRoutes } from './docs/history';
import { importsRoutes } from './docs/imports';
import { reportsRoutes } from './docs/reports';
import { scenariosRoutes } from './docs/scenarios';
import { servicingRoutes } from './docs/servicing';
import { workspaceRoutes } from './docs/workspace';

/** Every documented route, in Develop-page order. Each docs file is owned by the area that serves it. */
export const ROUTE_DOCS: readonly RouteDoc[] = [
  ...coreRoutes,
  ...scenariosRoutes,
  ...importsRoutes,
  ...servicingRoutes,
  ...creditRoutes,
  ...reportsRoutes,
  ...historyRoutes,
  ...facilitiesRoutes,
  ...appsRoutes,
  ...workspaceRoutes,
  ...adminRoutes,
  ...accessRoutes,
  ...contentRoutes,
];
