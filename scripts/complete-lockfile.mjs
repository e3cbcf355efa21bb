#!/usr/bin/env node
// Puts back into package-lock.json the platform-specific optional packages (other systems' native builds
// of biome, rollup, ...) that npm leaves out when the registry it reaches does not serve them: `npm ci`
// (npm 11) then refuses the lock with "Missing: @rollup/rollup-darwin-arm64@ from lock file". The entries
// carry `os`/`cpu`/`libc`, so npm skips them here without fetching anything.
//
//   node scripts/complete-lockfile.mjs          # fix package-lock.json in place, list what it added
//   node scripts/complete-lockfile.mjs --check  # exit 1 if something is missing
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OSES = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
  'aix',
];
const CPUS = ['arm', 'arm64', 'ia32', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'x64'];

/** `@rollup/rollup-linux-arm-musleabihf` → { os: linux, cpu: arm, libc: musl }; undefined if not a platform build. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  for (let i = 0; i < parts.length - 1; i += 1) {
    if (OSES.includes(parts[i]) && CPUS.includes(parts[i + 1])) {
      const rest = parts.slice(i + 2).join('-');
      const libc =
        parts[i] !== 'linux'
          ? undefined
          : rest.includes('musl')
            ? 'musl'
            : rest.includes('gnu')
              ? 'glibc'
              : undefined;
      return { os: parts[i], cpu: parts[i + 1], libc };
    }
  }
  return undefined;
}

const added = [];
for (const [location, node] of Object.entries(packages)) {
  for (const [dependency, version] of Object.entries(node.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${dependency}`;
    const hoisted = `node_modules/${dependency}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = platformOf(dependency);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    const entry = { version, cpu: [platform.cpu] };
    if (node.dev) entry.dev = true;
    if (platform.libc) entry.libc = [platform.libc];
    if (node.license) entry.license = node.license;
    entry.optional = true;
    entry.os = [platform.os];
    packages[hoisted] = entry;
    added.push(
      `${dependency}@${version} (${platform.os}/${platform.cpu}${platform.libc ? `/${platform.libc}` : ''})`,
    );
  }
}

if (process.argv.includes('--check')) {
  if (added.length > 0) {
    console.error(
      `package-lock.json lacks ${added.length} platform package(s); run node scripts/complete-lockfile.mjs:`,
    );
    for (const line of added) console.error(`  ${line}`);
    process.exit(1);
  }
  process.exit(0);
}

if (added.length === 0) {
  console.log('package-lock.json already lists every platform package');
} else {
  const [rootEntry, ...rest] = Object.keys(packages);
  const ordered = { [rootEntry]: packages[rootEntry] };
  for (const key of rest.sort((a, b) => a.localeCompare(b, 'en'))) ordered[key] = packages[key];
  lock.packages = ordered;
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`added ${added.length} platform package(s) to package-lock.json:`);
  for (const line of added) console.log(`  ${line}`);
}
