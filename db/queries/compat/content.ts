/** The documented help-centre, blog, pricing, account and profile endpoints answer from the workspace screens' queries (one set of content SQL). */
export * from '@/db/queries/workspace/content';
