#!/usr/bin/env node
// Agent economy bench (`node bench/agents/run.mjs [--quick]`): the subtree aggregate query at 10,000
// members × 100 rounds (agents-bench.ts, TypeScript: it drives the server's own agents api in process).
// The vendor round A/B of the aggregate trigger is its own script: `node bench/agents/round-ab.mjs`.
import { tsImport } from 'tsx/esm/api';

await tsImport('./agents-bench.ts', import.meta.url);
