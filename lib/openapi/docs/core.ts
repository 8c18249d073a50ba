import { defineRoutes } from '../registry';

/** RouteDocs of the core routes (see lib/openapi/registry.ts). */
export const coreRoutes = defineRoutes([]);
