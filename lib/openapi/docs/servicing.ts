import { defineRoutes } from '../registry';

/** RouteDocs of the servicing routes (see lib/openapi/registry.ts). */
export const servicingRoutes = defineRoutes([]);
