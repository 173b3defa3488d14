/**
 * The shell's built index.html (its script and style tags change with every build), read from the
 * shell's static server and kept for a short while, so the server-rendered showcase always boots
 * the shell that is deployed.
 */
export interface ShellPage {
  html(): Promise<string>;
}

export function shellPageSource(baseUrl: string, ttlMs = 10_000, timeoutMs = 2000): ShellPage {
  const url = `${baseUrl.replace(/\/$/, '')}/index.html`;
  let cached: { at: number; html: string } | undefined;
  return {
    async html() {
      if (cached && Date.now() - cached.at < ttlMs) return cached.html;
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`the shell answered ${res.status} for ${url}`);
      const html = await res.text();
      cached = { at: Date.now(), html };
      return html;
    },
  };
}
