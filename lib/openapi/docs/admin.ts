import { defineRoutes } from '../registry';

/** RouteDocs of the admin routes (see lib/openapi/registry.ts). */
export const adminRoutes = defineRoutes([]);
