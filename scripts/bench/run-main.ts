/** How every benchmark script runs its main: a failure is written with its stack, and exits 1. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
