#!/usr/bin/env node
// Scale-out bench entry point (`node bench/scale-out/run.mjs [--quick] [--duration=<s>] [--connections=<n>]`):
// TypeScript (scale-out-bench.ts) for the same player set-up as the HTTP bench; tsx loads it.
import { tsImport } from 'tsx/esm/api';

await tsImport('./scale-out-bench.ts', import.meta.url);
