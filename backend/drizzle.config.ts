import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each feature owns its tables (features/<f>/schema.ts); platform and catalog tables sit beside their code.
  schema: ['./backend/src/platform/**/schema.ts', './backend/src/features/*/schema.ts', './backend/src/catalog/schema.ts'],
  out: './backend/migrations',
});
