#!/usr/bin/env node
// HTTP bench entry point (`node bench/http/run.mjs [--quick] [--duration=<s>] [--connections=<n>]`): the
// bench is TypeScript (http-bench.ts) because it seals login bodies with packages/shared's own code; tsx
// loads it without a build.
import { tsImport } from 'tsx/esm/api';

await tsImport('./http-bench.ts', import.meta.url);
