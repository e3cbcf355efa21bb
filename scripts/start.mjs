#!/usr/bin/env node
// `npm start`: builds the web app and the server bundle when they are missing or older than their sources,
// then runs the production server (NODE_ENV=production) in the foreground. SIGINT/SIGTERM go to the server,
// which shuts down gracefully; this script exits with the server's exit code.
import './require-supported-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest modification time under the given files/folders (node_modules and dist skipped), 0 if none. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stats = statSync(entry);
    if (stats.isDirectory()) {
      for (const child of readdirSync(entry)) {
        if (child === 'node_modules' || child === 'dist') continue;
        visit(path.join(entry, child));
      }
    } else {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  for (const entry of paths) visit(path.join(root, entry));
  return newest;
}

function isStale(output, sources) {
  const file = path.join(root, output);
  if (!existsSync(file)) return true;
  return newestMtime(sources) > statSync(file).mtimeMs;
}

function build(label, workspace) {
  console.log(`[start] building ${label} (npm run build -w ${workspace})`);
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[start] building ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const shared = ['packages/shared/src', 'packages/games/src', 'package.json'];
const targets = [
  {
    label: 'the web app',
    workspace: '@lotus/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      ...shared,
    ],
  },
  {
    label: 'the server',
    workspace: '@lotus/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/tsup.config.ts', 'apps/server/package.json', ...shared],
  },
];

for (const target of targets) {
  if (isStale(target.output, target.sources)) build(target.label, target.workspace);
  else console.log(`[start] ${target.label} is up to date`);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production' },
  stdio: 'inherit',
});

// Forward stop signals once; the server owns the graceful shutdown and its time-out.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  if (signal) {
    // Re-raise the server's fatal signal so callers see the same outcome.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
