// End-to-end tests: the whole platform through nginx, driven in Debian's Chromium.
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  roots: ['<rootDir>/e2e/tests'],
  testMatch: ['**/*.e2e.test.ts'],
  transform: { '^.+\\.tsx?$': swc },
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 1,
};
