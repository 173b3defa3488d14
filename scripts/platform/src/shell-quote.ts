/** Shell assignments a bash script can `eval` safely, whatever the values hold. */

/** Quotes a value for POSIX shells: single quotes, with each ' written as '\''. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `export NAME='value'` lines, one per variable; names must be shell identifiers. */
export function exportLines(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([name, value]) => {
      if (!/^[A-Z_][A-Z0-9_]*$/.test(name)) throw new Error(`not a variable name: ${name}`);
      return `export ${name}=${shellQuote(value)}\n`;
    })
    .join('');
}
