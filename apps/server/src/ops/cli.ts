import { loadConfig } from '../config/env.ts';
import { createDatabase } from '../db/create-database.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import type { OutboxRepository } from '../lib/notify/outbox.repository.ts';
import type { FeedbackService } from '../modules/feedback/feedback.service.ts';
import type { SystemService } from '../modules/system/system.service.ts';
import { createOpsDeps, isOfflineCommand, runOpsCommand } from './commands.ts';
import type { OpsDeps } from './ops-command.ts';

const withoutDatabase: OpsDeps = {
  get db(): OpsDeps['db'] {
    throw new Error('this command does not use the database');
  },
  get system(): SystemService {
    throw new Error('this command does not use the database');
  },
  get feedback(): FeedbackService {
    throw new Error('this command does not use the database');
  },
  get outbox(): OutboxRepository {
    throw new Error('this command does not use the database');
  },
};

/** `npm run ops -- <command>`: the operator CLI. Honours DATABASE_URL / DATA_DIR like the server. */
async function main(argv: string[]): Promise<number> {
  const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
  // help and unknown commands never open the database, so they work while the server holds PGlite.
  if (isOfflineCommand(argv)) return runOpsCommand(argv, withoutDatabase, io);
  const config = loadConfig();
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    // A fresh data folder works too: the CLI prepares it exactly as the server would on start.
    await prepareDatabase(database.db);
    return await runOpsCommand(argv, createOpsDeps(database.db), io);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
