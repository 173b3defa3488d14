/**
 * Sums jest's JSON results into one closing line: "tests: N passed, N failed", after a line per
 * suite. Every suite named on the command line must have run and executed tests: a suite whose
 * results are missing (it crashed, or was skipped) or that ran no test fails the summary, so a
 * green run always means every suite ran.

 * The command is bin/summarise-tests.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface JestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numRuntimeErrorTestSuites: number;
}

export interface SuiteLine {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Why the suite counts as failed although no test failed, if it does. */
  problem?: string;
}

export function summarise(dir: string, expected: readonly string[]): SuiteLine[] {
  const found = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => path.basename(f, '.json'))
    : [];
  const suites = [...new Set([...expected, ...found])];
  return suites.map((suite) => {
    const file = path.join(dir, `${suite}.json`);
    if (!existsSync(file))
      return { suite, passed: 0, failed: 0, skipped: 0, problem: 'did not run' };
    let result: JestJson;
    try {
      result = JSON.parse(readFileSync(file, 'utf8')) as JestJson;
    } catch {
      return { suite, passed: 0, failed: 0, skipped: 0, problem: 'unreadable results' };
    }
    const line: SuiteLine = {
      suite,
      passed: result.numPassedTests,
      failed: result.numFailedTests + result.numRuntimeErrorTestSuites,
      skipped: result.numPendingTests,
    };
    if (line.passed + line.failed === 0) line.problem = 'ran no test';
    return line;
  });
}

export function formatSummary(lines: readonly SuiteLine[]): { text: string; ok: boolean } {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let ok = lines.length > 0;
  const rows = lines.map((l) => {
    passed += l.passed;
    failed += l.failed;
    skipped += l.skipped;
    if (l.failed > 0 || l.problem) ok = false;
    const skip = l.skipped ? `, ${l.skipped} skipped` : '';
    return `${l.suite}: ${l.passed} passed, ${l.failed} failed${skip}${l.problem ? ` (FAILED: ${l.problem})` : ''}`;
  });
  // A missing or empty suite counts as a failure in the closing line too.
  const missing = lines.filter((l) => l.problem).length;
  const total = `tests: ${passed} passed, ${failed + missing} failed${skipped ? `, ${skipped} skipped` : ''}`;
  return { text: `${[...rows, total].join('\n')}\n`, ok: ok && passed > 0 };
}
