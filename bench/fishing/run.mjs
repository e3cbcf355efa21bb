#!/usr/bin/env node
// Fishing bench (`node bench/fishing/run.mjs [--quick]`, issue 22): shots per second through
// `POST /originals/api/fishing/batches`, one-second batches of 10 shots against single-shot rounds
// (fishing-bench.ts).
import { tsImport } from 'tsx/esm/api';

await tsImport('./fishing-bench.ts', import.meta.url);
