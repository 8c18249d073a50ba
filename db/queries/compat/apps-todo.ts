/** The documented to-do endpoints answer from the Tasks screen's queries (one set of task SQL). */
export * from '@/db/queries/workspace/tasks';
