#!/usr/bin/env node
// Vendor round A/B of the betting aggregates (round-ab.ts): `node bench/agents/round-ab.mjs [--quick] [--duration=<s>]`.
import { tsImport } from 'tsx/esm/api';

await tsImport('./round-ab.ts', import.meta.url);
