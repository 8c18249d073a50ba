import { defineRoutes } from '../registry';

/** RouteDocs of the content routes (see lib/openapi/registry.ts). */
export const contentRoutes = defineRoutes([]);
