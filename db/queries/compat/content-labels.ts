/** The compatibility API's card and activity texts live with the workspace queries that use them. */
export * from '@/db/queries/workspace/content-labels';
