/**
 * The layers of src/ (docs/ARCHITECTURE.md, "Layers"), checked by `npm test` (`depcruise src`).
 * Dependencies point down: the parameter tables and request descriptors sit below the verbs, the
 * services below the verbs and the bulk runner, and a verb reaches the terminal only through the
 * services. TypeScript 7 has no compiler API for dependency-cruiser to parse with: swc parses.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'below-the-verbs',
      comment: 'the parameter tables, request descriptors and the desired-state engine serve the verbs: they never import one',
      severity: 'error',
      from: { path: '^src/(params|api|desired)/' },
      to: { path: '^src/commands/' },
    },
    {
      name: 'below-the-services',
      comment: 'requests, HTTP, parameters and output are what the services are built from: none reaches up to the context or the bulk runner',
      severity: 'error',
      from: { path: '^src/(api|http|params|output)/' },
      to: { path: '^src/(context\\.ts$|bulk/)' },
    },
    {
      name: 'services-below-verbs',
      comment: 'verbs and the bulk runner sit on the services, never the other way',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: '^src/(commands|bulk)/' },
    },
    {
      name: 'verbs-write-through-services',
      comment: 'a verb writes data through the presenter, lines through the terminal, reads stdin through the prompter',
      severity: 'error',
      from: { path: '^src/(commands|desired)/' },
      to: { path: '^src/(io|util/stdin)\\.ts$' },
    },
    {
      name: 'sandbox-access-is-policy',
      comment: 'access.ts decides rights and knows no request: guards.ts applies it and answers',
      severity: 'error',
      from: { path: '^src/sandbox/access\\.ts$' },
      to: { path: '^src/sandbox/(errors|http)\\.ts$' },
    },
    {
      name: 'no-tests-in-src',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^test/' },
    },
    {
      name: 'runtime-imports-runtime-dependencies',
      comment: 'a package src/ imports at run time is in dependencies: devDependencies are not installed for users',
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-dev', 'npm-no-pkg', 'npm-unknown'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'resolvable',
      comment: 'every import resolves; jq-web is required beside the bundle, where build.mjs copies it',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^\\./jq-web/jq\\.cjs$' },
    },
  ],
  options: {
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/.*\\.d\\.ts$' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
