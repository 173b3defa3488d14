// Service, unit, contract, component and cross-service tests. End-to-end tests have their own
// config in e2e/. Component tests (*.test.tsx) run in jsdom through their
// `@jest-environment jsdom` docblock and packages/ui/test/dom.tsx.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// Every part in platform.json is a test root, so a new service or remote is tested without an edit
// here (tests/platform/registry.test.ts checks it).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest reads this file as CommonJS
const registry = require('./platform.json');
const partRoots = [
  registry.shell.folder,
  ...registry.services.filter((s) => !s.planned).map((s) => s.folder),
  ...registry.remotes.map((r) => r.folder),
].map((folder) => `<rootDir>/${folder}`);

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/tests', ...partRoots],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // Stylesheets are files the bundler links; a component test has no use for them.
  moduleNameMapper: { '\\.css$': '<rootDir>/packages/ui/test/stylesheet-stub.ts' },
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.m?js$': swc },
  // Some dependencies (pact's proxy agents) ship ESM only; let swc turn them into CommonJS.
  transformIgnorePatterns: [
    '/node_modules/(?!(https-proxy-agent|agent-base|proxy-agent-negotiate|http-proxy-agent)/)',
  ],
  // Harnesses start several services on PGlite; on a busy two-core machine that can take over 30 s,
  // and once took over 60 s for auth alone (its pact's beforeAll at a load average of 15).
  testTimeout: 120000,
  maxWorkers: 2,
};
