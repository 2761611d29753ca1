import type { Page } from 'playwright-core';
import { callApi } from './api.js';

/** A password that meets the account rules, shared by the accounts a browser test makes. */
export const E2E_PASSWORD = 'analytical-engine-1843';

/** Registers through the API from `baseUrl` (the page must be on the app's origin) and returns the new user's id; the page is signed in as them. */
export async function registerUser(page: Page, baseUrl: string, username: string): Promise<number> {
  await page.goto(`${baseUrl}/about`);
  const user = await callApi<{ id: number }>(page, 'POST', '/api/auth/register', { username, email: `${username}@example.com`, password: E2E_PASSWORD });
  return user.id;
}

/** Signs in through the API (the login form has its own browser test); the next navigation shows the session. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string = E2E_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/about`);
  await callApi(page, 'POST', '/api/auth/login', { username, password });
}
