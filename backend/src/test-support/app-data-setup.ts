import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { replaceSourceDetails } from '../catalog/entity-store.js';
import { readSourceEntities } from '../ingest/source-files.js';
import { openDatabase } from '../platform/db/database.js';
import { databaseUrl, onServer, TEMPLATE_DATABASE_VARIABLE, TEMPLATE_SCHEMA } from './template-database-setup.js';
import { STARTER_DIR_VARIABLE } from './starter-data-setup.js';

/**
 * Names the run's template of a started app's database (migrated, with the starter catalog's entity
 * details), and its schema; with CINEMA_DNA_TEST_STARTER_DIR (the starter DATA_DIR), e2e/support/app-server.ts
 * gives each browser test's app a copy of both, as its first start would have left them, instead of
 * importing the starter catalog again.
 */
export const APP_TEMPLATE_DATABASE_VARIABLE = 'CINEMA_DNA_TEST_APP_TEMPLATE_DATABASE';
export const APP_TEMPLATE_SCHEMA_VARIABLE = 'CINEMA_DNA_TEST_APP_TEMPLATE_SCHEMA';

/**
 * Vitest global setup for the browser tiers, after template-database-setup.ts and starter-data-setup.ts:
 * copies the migrated template and imports the starter catalog's entity details into the copy, once per run.
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  const url = process.env.DATABASE_URL;
  const migrated = process.env[TEMPLATE_DATABASE_VARIABLE];
  const starterDir = process.env[STARTER_DIR_VARIABLE];
  if (!url || !migrated || !starterDir || !existsSync(starterDir) || process.env[APP_TEMPLATE_DATABASE_VARIABLE]) return;
  const template = `cdna_app_template_${randomBytes(5).toString('hex')}`;
  await onServer(url, `CREATE DATABASE "${template}" TEMPLATE "${migrated}"`);
  const database = await openDatabase({ url: databaseUrl(url, template), schemaName: TEMPLATE_SCHEMA });
  try {
    await replaceSourceDetails(database.db, 'starter', readSourceEntities(starterDir, 'starter'));
  } finally {
    await database.close();
  }
  await onServer(url, `ALTER DATABASE "${template}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  process.env[APP_TEMPLATE_DATABASE_VARIABLE] = template;
  process.env[APP_TEMPLATE_SCHEMA_VARIABLE] = TEMPLATE_SCHEMA;
  return async () => {
    delete process.env[APP_TEMPLATE_DATABASE_VARIABLE];
    await onServer(url, `ALTER DATABASE "${template}" WITH IS_TEMPLATE false`);
    await onServer(url, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  };
}
