#!/usr/bin/env node
// Fishing frame rate at 4× CPU throttle (issue 22): `node bench/web/fishing-fps.mjs [--duration=10]`.
import { tsImport } from 'tsx/esm/api';

await tsImport('./fishing-fps.ts', import.meta.url);
