import { defineRoutes } from '../registry';

/** RouteDocs of the apps routes (see lib/openapi/registry.ts). */
export const appsRoutes = defineRoutes([]);
