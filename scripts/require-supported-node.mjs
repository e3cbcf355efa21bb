// Imported first by every entry script (npm start, test, dev, e2e, reliability, bench): on a Node older than
// 22.22 the script re-runs itself on the project's pinned Node 24 (scripts/node-runtime.mjs) and exits.
import { ensureSupportedNode } from './node-runtime.mjs';

ensureSupportedNode();
