import { defineRoutes } from '../registry';

/** RouteDocs of the reports routes (see lib/openapi/registry.ts). */
export const reportsRoutes = defineRoutes([]);
