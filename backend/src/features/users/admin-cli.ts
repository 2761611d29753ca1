/** `npm run admin:create -- --username X --password Y`: see admin-command.ts. */
import { runAdminCreate } from './admin-command.js';

runAdminCreate(process.argv.slice(2)).then(
  ({ code, output }) => {
    (code === 0 ? console.log : console.error)(output);
    process.exit(code);
  },
  (error: unknown) => {
    console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
