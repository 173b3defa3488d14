/**
 * Where the end-to-end platform runs and who its admin is; shared by setup and tests. The global
 * setup picks a free block of ports and puts its base in E2E_PORT before any test file loads.
 */
export const PREFERRED_E2E_PORT = 18080;
export const smtpPortFor = (gatewayPort: number) => gatewayPort + 45;

export const E2E_PORT = Number(process.env.E2E_PORT ?? PREFERRED_E2E_PORT);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
/** The tests' own SMTP receiver; the platform's mailer sends there. */
export const SMTP_PORT = smtpPortFor(E2E_PORT);
export const ADMIN = { email: 'admin@e2e.test', password: 'E2e!Admin2026', name: 'Casey Coach' };
