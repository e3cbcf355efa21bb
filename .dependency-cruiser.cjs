/**
 * The import rules the lint step checks (`npm run lint` → `depcruise`), over apps/ and packages/.
 * docs/architecture.md says why each rule exists; a test (scripts/lint-rules.test.ts) proves each one bites.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle makes load order matter and modules impossible to test alone.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'web-feature-to-other-feature',
      severity: 'error',
      comment:
        'A web feature imports only from lib/ and components/ (and itself); composition happens in app/. ' +
        'Move a shared piece to src/lib or src/components.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-to-feature-or-app',
      severity: 'error',
      comment: 'lib/ and components/ sit under every feature: they never import a feature or the app.',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
