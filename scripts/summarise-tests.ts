/** Sums jest's JSON results into one closing line: "tests: N passed, N failed". */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface JestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numRuntimeErrorTestSuites: number;
}

const dir = process.argv[2] ?? '.data/test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const result = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as JestJson;
  passed += result.numPassedTests;
  failed += result.numFailedTests + result.numRuntimeErrorTestSuites;
  skipped += result.numPendingTests;
  process.stdout.write(
    `${path.basename(file, '.json')}: ${result.numPassedTests} passed, ${result.numFailedTests} failed\n`,
  );
}
process.stdout.write(
  `tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
