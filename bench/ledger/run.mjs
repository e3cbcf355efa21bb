#!/usr/bin/env node
// Ledger bench entry point (`node bench/ledger/run.mjs [--quick] [--duration=<s>]`): the bench itself is
// TypeScript (ledger-bench.ts) because it drives the server's own LedgerService in process; tsx loads it
// and the server sources it imports, without a build.
import { tsImport } from 'tsx/esm/api';

await tsImport('./ledger-bench.ts', import.meta.url);
