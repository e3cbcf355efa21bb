#!/usr/bin/env node
// Lottery bench (`node bench/lottery/run.mjs [--quick]`, issue 20): bet slips per second through
// `POST /lotto/api/slips` while many players bet on one popular draw before it closes (lottery-bench.ts).
import { tsImport } from 'tsx/esm/api';

await tsImport('./lottery-bench.ts', import.meta.url);
