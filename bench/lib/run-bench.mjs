import { writeResult } from './results.mjs';
import { cleanLogs } from './server.mjs';

/**
 * A bench's run and ending, the same for every bench: `body` measures, handing each server it starts to
 * `track` so it is stopped whatever happens; a failure is printed and kept in `details.error`. Then the
 * result file is written (a failed run's too, for its details), the logs are removed unless the run failed,
 * and the process exits (1 when it failed).
 */
export async function runBench(name, { quick, startedAt, figures, details }, body) {
  let running = null;
  let failed = false;
  try {
    await body((server) => {
      running = server;
    });
  } catch (error) {
    failed = true;
    details.error = String(error?.stack ?? error);
    console.error(error);
  } finally {
    await running?.stop();
  }
  const file = writeResult(name, { quick, startedAt, figures, details });
  console.log(`wrote ${file}`);
  cleanLogs({ failed });
  process.exit(failed ? 1 : 0);
}
