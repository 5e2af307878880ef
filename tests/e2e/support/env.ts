/** Shared by playwright.config.ts and the fixtures: where the two test servers listen. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** The second server runs with VOTE_CHANGE=forbidden. */
export const E2E_FORBIDDEN_PORT = E2E_PORT + 1;
/**
 * The tests that read the whole catalogue run against a server of their own (E2E_PORT + 10, its own database), so
 * the predictions the other tests create never reach them and they need not wait for those tests to end.
 */
export const E2E_CATALOG_PORT = E2E_PORT + 10;
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789';
export const baseUrlFor = (port: number): string => `http://127.0.0.1:${port}`;
