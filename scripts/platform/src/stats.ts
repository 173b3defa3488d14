/** Small statistics for the benchmarks. */

/** The q-quantile (0..1) of numbers sorted ascending; NaN for none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
