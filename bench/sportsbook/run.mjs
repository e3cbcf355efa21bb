#!/usr/bin/env node
// Sportsbook bench (`node bench/sportsbook/run.mjs [--quick]`, issue 21): accepted bets per second through
// `POST /sportsbook/api/bets` in an in-play burst on one live event (sportsbook-bench.ts).
import { tsImport } from 'tsx/esm/api';

await tsImport('./sportsbook-bench.ts', import.meta.url);
