// Service, unit, contract and cross-service tests. End-to-end tests have their own config in e2e/.
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/packages',
    '<rootDir>/services',
    '<rootDir>/tests',
    '<rootDir>/shell',
    '<rootDir>/mfe-admin',
  ],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.m?js$': swc },
  // Some dependencies (pact's proxy agents) ship ESM only; let swc turn them into CommonJS.
  transformIgnorePatterns: [
    '/node_modules/(?!(https-proxy-agent|agent-base|proxy-agent-negotiate|http-proxy-agent)/)',
  ],
  testTimeout: 30000,
  maxWorkers: 2,
};
