import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** The parts of drizzle's session this replacement reads (private in its types). */
interface SessionInternals {
  client: pg.Pool | pg.PoolClient | pg.Client;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

let installed = false;

/**
 * drizzle-orm 0.45's `NodePgSession.transaction` sends BEGIN before its try/finally: when BEGIN fails (the
 * connection to PostgreSQL lost at that moment), the pooled connection it checked out is never given back.
 * Ten such moments (the pool's size) and every query waits for a connection that never comes: the app hangs
 * until restarted. This is the same method with BEGIN inside: the connection goes back to the pool whatever
 * fails (the pool drops it when it is broken). Installed once, by openDatabase; remove it once drizzle's own
 * releases the connection on a failed BEGIN (upstream: drizzle-team/drizzle-orm#6023, #6241, still open;
 * backend/src/platform/db/database-unavailable.int.test.ts fails without it).
 */
export function releaseConnectionWhenBeginFails(): void {
  if (installed) return;
  installed = true;
  type Transaction = NodePgTransaction<Record<string, unknown>, never>;
  const transaction = async function (this: SessionInternals, run: (tx: Transaction) => Promise<unknown>, config?: PgTransactionConfig) {
    const isPool = this.client instanceof pg.Pool || Object.getPrototypeOf(this.client).constructor.name.includes('Pool');
    const client = isPool ? await (this.client as pg.Pool).connect() : null;
    try {
      const session = client ? new NodePgSession(client, this.dialect, this.schema, this.options) : (this as unknown as NodePgSession<Record<string, unknown>, never>);
      const tx = new NodePgTransaction(this.dialect, session, this.schema) as Transaction;
      // (protected in drizzle's types; the original calls it the same way)
      const configSql = config ? (tx as unknown as { getTransactionConfigSQL(config: PgTransactionConfig): SQL }).getTransactionConfigSQL(config) : undefined;
      await tx.execute(sql`begin${configSql ? sql` ${configSql}` : undefined}`);
      try {
        const result = await run(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`);
        throw error;
      }
    } finally {
      client?.release();
    }
  };
  (NodePgSession.prototype as unknown as { transaction: typeof transaction }).transaction = transaction;
}
