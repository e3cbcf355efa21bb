import { oddsMarkdown } from './odds-table.ts';

/**
 * Prints the odds tables of docs/lottery-maths.md (run `node packages/games/src/lottery/print-odds.ts` and
 * paste the output between the document's markers; odds-table.test.ts fails while they differ).
 */
process.stdout.write(oddsMarkdown());
