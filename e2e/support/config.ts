/** Where the end-to-end platform runs and who its admin is; shared by setup and tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
/** The tests' own SMTP receiver; the platform's mailer sends there. */
export const SMTP_PORT = E2E_PORT + 45;
export const ADMIN = { email: 'admin@e2e.test', password: 'E2e!Admin2026', name: 'Casey Coach' };
