/**
 * The test command's closing summary (src/summarise-tests.ts):
 *
 *   summarise-tests <results-dir> [expected-suite ...]
 */
import { formatSummary, summarise } from '../src/summarise-tests';

const [dir = '.data/test-results', ...expected] = process.argv.slice(2);
const { text, ok } = formatSummary(summarise(dir, expected));
process.stdout.write(text);
process.exit(ok ? 0 : 1);
