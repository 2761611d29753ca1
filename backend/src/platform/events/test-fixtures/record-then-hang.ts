/**
 * Child process of outbox.int.test.ts: registers an account through the real user service (its
 * `user.registered` event committed to the outbox with it), prints `{"userId":…}` and then waits
 * to be killed. It runs no dispatcher, so the event is committed and never delivered here: the test
 * kills it with SIGKILL and checks the event is delivered after the "restart".
 *
 *   node --conditions=source --import tsx record-then-hang.ts   (DATABASE_URL + DATABASE_SCHEMA)
 */
import { TEST_PASSWORD } from '../../../test-support/accounts.js';
import { createUserService } from '../../../features/users/service.js';
import { openDatabase } from '../../db/database.js';
import { createOutbox } from '../outbox.js';

const database = await openDatabase({ url: process.env.DATABASE_URL, schemaName: process.env.DATABASE_SCHEMA });
const users = createUserService({ db: database.db, events: createOutbox(database.db) });
const user = await users.register({ username: `killed_${process.pid}`, email: `killed_${process.pid}@example.com`, password: TEST_PASSWORD });
process.stdout.write(`${JSON.stringify({ userId: user.id })}\n`);
setInterval(() => {}, 60_000);
