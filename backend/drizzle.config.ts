import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './backend/src/platform/db/schema.ts',
  out: './backend/migrations',
});
