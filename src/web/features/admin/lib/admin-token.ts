/**
 * The admin token lives in sessionStorage: it leaves with the tab, is never written to localStorage
 * (shared by every tab, kept for ever) nor put in a URL (history, referrers, server logs).
 */
const TOKEN_KEY = 'predi974-admin-token';

export function readAdminToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function saveAdminToken(token: string): void {
  try {
    window.sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // storage disabled: the token lasts until the page is reloaded
  }
}

export function clearAdminToken(): void {
  try {
    window.sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}
