import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { createDatabase } from './db/create-database.ts';
import { prepareDatabase } from './db/prepare-database.ts';
import { seedDemoLoyaltyPlay } from './db/seed/demo-loyalty-play.ts';
import { seedDemoRaffleHistory } from './db/seed/demo-raffles.ts';
import { seedDemoTeamPlay } from './db/seed/demo-team-play.ts';
import { databaseLabel, readyMessage, terminalLogStream } from './lib/terminal-log.ts';

/**
 * Process entry: configuration, database, app, listen — and a graceful stop. On SIGTERM/SIGINT the server
 * stops accepting connections, lets in-flight requests finish (answering 503 to new ones on kept-alive
 * sockets), closes the database, and exits; if that takes longer than SHUTDOWN_TIMEOUT_MS it exits anyway
 * with status 1 so an orchestrator is never left waiting.
 */
const config = loadConfig();
const creating = performance.now();
const database = await createDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  // Written by the build beside this file (dist/); absent when run from source, and then unused.
  pgliteTemplateFile: path.join(import.meta.dirname, 'pglite-template.tar.gz'),
  onPoolError: (error) => app.log.error({ err: error }, 'idle database connection failed'),
});
const createMs = Math.round(performance.now() - creating);
const readable =
  config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
// The one job scheduler of this process runs with the app (docs/jobs.md); it stops when the app closes.
const app = await buildApp({
  config,
  database,
  runJobs: true,
  ...(readable ? { logStream: terminalLogStream(process.stdout) } : {}),
});

try {
  const prepared = await prepareDatabase(database.db);
  // The demo player's few days of play for the rank page, P/L and rebates (issue 19); the team play's job
  // pass (or the scheduler) pays the rebates.
  const loyaltyPlay = prepared.seeded ? await seedDemoLoyaltyPlay({ database, config }) : null;
  // The demo player's opened raffle tickets (issue 19): prizes move money, so not in the seed itself.
  if (prepared.seeded) await seedDemoRaffleHistory(database);
  // A new demo brand's team plays a few days through the studio and the jobs settle it (issue 18).
  const teamPlay = prepared.seeded ? await seedDemoTeamPlay({ database, config }) : null;
  app.log.info(
    {
      database: database.kind,
      migrations: prepared.migrations,
      seeded: prepared.seeded,
      // Where a start spends its time (bench/startup reports them).
      phasesMs: {
        create: createMs,
        migrate: prepared.migrateMs,
        seed: prepared.seedMs,
        teamPlay: teamPlay?.ms ?? 0,
        loyaltyPlay: loyaltyPlay?.ms ?? 0,
      },
    },
    'database ready',
  );
  await app.listen({ host: config.host, port: config.port });
  // One plain line a person can find among the logs: where the site is, where its data is, how to log in.
  process.stdout.write(
    readyMessage({
      host: config.host,
      port: config.port,
      database: databaseLabel(config.databaseUrl, config.dataDir),
      demo: config.databaseUrl === null || prepared.seeded,
    }),
  );
} catch (error) {
  app.log.fatal({ err: error }, 'server failed to start');
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  timer.unref();
  try {
    await app.close();
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}

// `on`, not `once`: a repeated signal (Ctrl-C reaches both `npm start` and this process, which then also
// forwards it) must not fall back to Node's default of dying mid-shutdown. The time-out bounds the wait.
process.on('SIGTERM', (signal) => void shutdown(signal));
process.on('SIGINT', (signal) => void shutdown(signal));
