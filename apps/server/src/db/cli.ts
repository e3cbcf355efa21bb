import { loadConfig } from '../config/env.ts';
import { createDatabase } from './create-database.ts';
import { migrateToLatest } from './migrate.ts';
import { writePgliteTemplate } from './pglite-template.ts';
import { seedDemoLoyaltyPlay } from './seed/demo-loyalty-play.ts';
import { seedDemoRaffleHistory } from './seed/demo-raffles.ts';
import { seedDemoTeamPlay } from './seed/demo-team-play.ts';
import { seedDatabase } from './seed/seed.ts';

/**
 * `npm run db:migrate` and `npm run db:seed`. Both honour DATABASE_URL / DATA_DIR like the server. The
 * server migrates on start anyway; these are for deploy pipelines and for re-adding missing demo rows.
 */
const USAGE = 'usage: db <migrate|seed|template <file>>';

/** `db template <file>`: the embedded database's starting schema (db/pglite-template.ts). */
async function writeTemplate(file: string): Promise<number> {
  const size = await writePgliteTemplate(file);
  console.log(`template: ${file} (${size} bytes)`);
  return 0;
}

async function main(command: string | undefined, argument: string | undefined): Promise<number> {
  if (command === 'template' && argument) return writeTemplate(argument);
  if (command !== 'migrate' && command !== 'seed') {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length > 0 ? `applied migrations: ${applied.join(', ')}` : 'schema is up to date');
    if (command === 'seed') {
      const report = await seedDatabase(database.db);
      console.log(
        report.rowsAdded > 0
          ? `seed added ${report.rowsAdded} row(s)${report.brandCreated ? ' (demo brand created)' : ''}`
          : 'seed: nothing to add',
      );
      const loyaltyPlay = await seedDemoLoyaltyPlay({ database, config });
      const raffleHistory = await seedDemoRaffleHistory(database);
      if (raffleHistory > 0) console.log(`demo raffle history: ${raffleHistory} campaign(s)`);
      if (loyaltyPlay) console.log(`demo loyalty play: ${loyaltyPlay.rounds} round(s), ${loyaltyPlay.ms} ms`);
      const teamPlay = await seedDemoTeamPlay({ database, config });
      if (teamPlay) {
        console.log(
          `demo team play: ${teamPlay.rounds} round(s), ${teamPlay.jobs} job run(s), ${teamPlay.ms} ms`,
        );
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv[2], process.argv[3]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    if (error instanceof Error && error.cause) console.error(error.cause);
    process.exit(1);
  },
);
