/**
 * What the server-rendered showcase page and its light script agree on: the script's address
 * (built by mfe-club/build.ts into the remote's build, served at its public path in
 * platform.json), the element the page is rendered into, and the attribute that carries the
 * showcase's data for hydration (JSON, escaped as any attribute value: no inline script).
 */
export const SHOWCASE_SCRIPT_FILE = 'showcase.js';
export const SHOWCASE_SCRIPT_URL = `/mfe/club/${SHOWCASE_SCRIPT_FILE}`;
export const SHOWCASE_ROOT_ID = 'root';
export const SHOWCASE_DATA_ATTRIBUTE = 'data-showcase';
