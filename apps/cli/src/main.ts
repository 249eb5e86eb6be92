import path from 'node:path';
import { seed, UsageError } from './commands/seed';
import { token } from './commands/token';
import { up } from './commands/up';

const HELP = `platica — run and operate a Plática stack

  platica up [--verbose]     run the whole stack here (Ctrl-C stops it)
  platica seed FILE          apply a seed document (JSON or YAML, see docs/seed.md) through the admin API
  platica token --user EMAIL --workspace ID [--scope platica:read|platica:write] [--expires SECONDS]
                             mint an OAuth access token (pl_at_…) for a user over their workspaces

Environment: PLATICA_URL (default http://127.0.0.1:8080), PLATICA_ADMIN_TOKEN, and for 'up'
the variables of docs/configuration.md.`;

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  // dist/apps/cli/src/main.js -> the repository root.
  const root = path.resolve(__dirname, '../../../..');
  switch (command) {
    case 'up':
      return up(root, args);
    case 'seed':
      return seed(args);
    case 'token':
      return token(args);
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(`${HELP}\n`);
      return;
    default:
      throw new UsageError(`unknown command "${command}"\n\n${HELP}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`platica: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof UsageError ? 64 : 1);
});
