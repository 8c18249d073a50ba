/** The documented e-commerce endpoints answer from the Catalogue screen's queries (one set of catalogue SQL). */
export * from '@/db/queries/workspace/catalogue';
