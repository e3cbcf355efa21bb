import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Proves the import rules of `npm run lint:imports` bite: the project's own .dependency-cruiser.cjs runs
 * over a small tree written to a temp folder (so the real tree's lint never sees these deliberate
 * violations) and must report exactly the imports the rules forbid, and none of the ones they allow.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

const FILES: Record<string, string> = {
  // Allowed: a feature using itself, lib/ and components/; the app composing two features.
  'apps/web/src/features/a/a.ts': [
    "import { ui } from '../../components/ui.ts';",
    "import { util } from '../../lib/util.ts';",
    "import { own } from './own.ts';",
    'export const a = [ui, util, own];',
  ].join('\n'),
  'apps/web/src/features/a/own.ts': 'export const own = 1;',
  'apps/web/src/app/app.ts': [
    "import { a } from '../features/a/a.ts';",
    "import { b } from '../features/b/b.ts';",
    'export const app = [a, b];',
  ].join('\n'),
  // Forbidden: one feature importing another.
  'apps/web/src/features/b/b.ts': ["import { own } from '../a/own.ts';", 'export const b = own;'].join('\n'),
  // Forbidden: lib/ importing a feature, components/ importing the app.
  'apps/web/src/lib/util.ts': ["import { c } from '../features/c/c.ts';", 'export const util = c;'].join(
    '\n',
  ),
  'apps/web/src/features/c/c.ts': 'export const c = 3;',
  'apps/web/src/components/ui.ts': [
    "import { app } from '../app/app-meta.ts';",
    'export const ui = app;',
  ].join('\n'),
  'apps/web/src/app/app-meta.ts': 'export const app = "meta";',
  // Forbidden: a circle of runtime imports (inside one feature, so only no-circular fires).
  'apps/web/src/features/d/x.ts': ["import { y } from './y.ts';", 'export const x = () => y;'].join('\n'),
  'apps/web/src/features/d/y.ts': ["import { x } from './x.ts';", 'export const y = () => x;'].join('\n'),
};

type Violation = { rule: { name: string }; from: string; to: string };

let dir = '';
let violations: string[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lotus-lint-rules-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${text}\n`);
  }
  // The config resolves through the project's compiler options; the same file here keeps resolution equal.
  copyFileSync(join(root, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
  const run = spawnSync(
    process.execPath,
    [depcruise, 'apps', '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: dir, encoding: 'utf8' },
  );
  // depcruise exits with the number of errors; the JSON on stdout is the answer either way.
  if (!run.stdout) throw new Error(`depcruise printed nothing: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('import rules (.dependency-cruiser.cjs)', () => {
  it('fails a web feature importing another feature', () => {
    expect(violations).toContain(
      'web-feature-to-other-feature: apps/web/src/features/b/b.ts → apps/web/src/features/a/own.ts',
    );
  });

  it('fails lib/ importing a feature and components/ importing the app', () => {
    expect(violations).toContain(
      'web-shared-to-feature-or-app: apps/web/src/lib/util.ts → apps/web/src/features/c/c.ts',
    );
    expect(violations).toContain(
      'web-shared-to-feature-or-app: apps/web/src/components/ui.ts → apps/web/src/app/app-meta.ts',
    );
  });

  it('fails an import circle', () => {
    // One violation per circle, named from its first module.
    expect(violations.filter((v) => v.startsWith('no-circular:'))).toEqual([
      'no-circular: apps/web/src/features/d/x.ts → apps/web/src/features/d/y.ts',
    ]);
  });

  it('allows own-feature, lib/, components/ and app-composes-features imports', () => {
    // Exactly the four above: nothing the rules allow is reported.
    expect(violations).toHaveLength(4);
  });
});
