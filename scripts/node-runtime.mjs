// The Node.js Lotus runs on. Node 20 is past its end of life (April 2026) and several dependencies need 22+
// (react-router 8: >=22.22, kysely 0.29: >=22), so the supported runtime is Node 24 LTS (22.22+ works too).
// Where the machine's Node is older, `ensureSupportedNode()` fetches the version in .node-version from the
// npm registry (package node-<platform>-<arch>, the official binary) into .cache/node/<version>/ once, and
// re-runs the calling script on it with that folder first on PATH, so npm, Vitest and Playwright started
// from the script run on it too. Nothing outside the project folder changes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MINIMUM = [22, 22, 0];
export const PINNED = readFileSync(path.join(root, '.node-version'), 'utf8').trim();

/** True when `version` ("v24.1.0" or "24.1.0") is at least MINIMUM. */
export function isSupported(version) {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    if ((parts[i] ?? 0) !== MINIMUM[i]) return (parts[i] ?? 0) > MINIMUM[i];
  }
  return true;
}

/** The folder holding bin/node for the pinned version, fetched from the npm registry when missing. */
export function pinnedNodeDir() {
  const dir = path.join(root, '.cache', 'node', PINNED);
  const binary = path.join(dir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(binary)) return dir;
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  const platform = { linux: 'linux', darwin: 'darwin' }[process.platform];
  if (!arch || !platform) {
    throw new Error(
      `Lotus needs Node ${MINIMUM.join('.')}+; install it (no prebuilt fetch for ${process.platform}-${process.arch})`,
    );
  }
  const pkg = `node-${platform}-${arch}@${PINNED}`;
  const staging = `${dir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  console.error(
    `[node] Node ${process.version} is older than ${MINIMUM.join('.')}: fetching ${pkg} into .cache/node`,
  );
  const packed = spawnSync('npm', ['pack', pkg, '--silent', '--pack-destination', staging], {
    cwd: staging,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tarball = packed.stdout?.trim().split('\n').pop();
  if (packed.status !== 0 || !tarball) throw new Error(`npm pack ${pkg} failed`);
  const untar = spawnSync(
    'tar',
    ['-xzf', path.join(staging, tarball), '-C', staging, '--strip-components=1'],
    {
      stdio: 'inherit',
    },
  );
  if (untar.status !== 0) throw new Error(`unpacking ${tarball} failed`);
  rmSync(path.join(staging, tarball), { force: true });
  // Rename last, so an interrupted fetch never leaves a folder that looks complete.
  renameSync(staging, dir);
  return dir;
}

/**
 * Call first thing in a script: returns when this Node is supported, else re-runs the script on the pinned
 * Node and exits with its status.
 */
export function ensureSupportedNode() {
  if (isSupported(process.version) || process.env.LOTUS_NODE_REEXEC === '1') return;
  const bin = path.join(pinnedNodeDir(), 'bin');
  const env = {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    LOTUS_NODE_REEXEC: '1',
  };
  const result = spawnSync(path.join(bin, 'node'), process.argv.slice(1), { stdio: 'inherit', env });
  if (result.signal) process.kill(process.pid, result.signal);
  process.exit(result.status ?? 1);
}

// `node scripts/node-runtime.mjs --bin-dir`: prints the folder to put first on PATH (used by .ci/run and
// scripts/use-node.sh) — the machine's own Node's folder when it is supported.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--bin-dir')) {
    console.log(
      isSupported(process.version) ? path.dirname(process.execPath) : path.join(pinnedNodeDir(), 'bin'),
    );
  }
}
