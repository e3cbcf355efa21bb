#!/usr/bin/env node
// `npm run dev`: the API server under `tsx watch` (restarts on change, NODE_ENV=development) and the Vite dev
// server (hot reload; it proxies /wps, /lgw, /lotto and /docs to the API on 127.0.0.1:8080). Output lines are
// prefixed with their source. When either exits, the other is stopped; Ctrl-C stops both.
import './require-supported-node.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) =>
  path.join(root, 'node_modules/.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const processes = [
  {
    name: 'server',
    colour: 36,
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'apps/server/src/main.ts'],
    env: { NODE_ENV: 'development' },
  },
  { name: 'web', colour: 35, command: bin('vite'), args: [], cwd: 'apps/web', env: {} },
];

let exiting = false;
const children = processes.map((spec) => {
  const child = spawn(spec.command, spec.args, {
    cwd: path.join(root, spec.cwd ?? '.'),
    env: { ...process.env, ...spec.env },
    stdio: ['inherit', 'pipe', 'pipe'],
  });
  const prefix = `\x1b[${spec.colour}m[${spec.name}]\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    if (!exiting) {
      console.log(`${prefix}exited (${signal ?? code}); stopping the rest`);
      stopAll(code ?? 1);
    }
  });
  return child;
});

const running = (child) => child.exitCode === null && child.signalCode === null;

/**
 * Stops every child and exits. After Ctrl-C the children already got SIGINT from the terminal (same process
 * group), so they are given a few seconds before SIGTERM: a second signal would make `tsx watch` force-kill
 * the server in the middle of its graceful shutdown.
 */
function stopAll(exitCode, { signalled = false } = {}) {
  if (exiting) return;
  exiting = true;
  const terminate = () => {
    for (const child of children) if (running(child)) child.kill('SIGTERM');
  };
  if (signalled) setTimeout(terminate, 5000).unref();
  else terminate();
  Promise.all(
    children.map(
      (child) => new Promise((resolve) => (running(child) ? child.once('exit', resolve) : resolve())),
    ),
  ).then(() => process.exit(exitCode));
}

process.on('SIGINT', () => stopAll(0, { signalled: true }));
process.on('SIGTERM', () => stopAll(0));
