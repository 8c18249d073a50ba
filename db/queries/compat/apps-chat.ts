/** The documented chat endpoints answer from the Chat screen's queries (one set of chat SQL). */
export * from '@/db/queries/workspace/chat';
