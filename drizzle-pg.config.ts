import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin of drizzle.config.ts: `npx drizzle-kit generate --config drizzle-pg.config.ts`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema-pg/index.ts',
  out: './db/migrations-pg',
});
