import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Calls the API from the page, with its session and a fresh CSRF token, to set up what a test needs;
 * fails the test on a non-2xx answer. Resolves to the parsed body (undefined when empty).
 */
export async function callApi<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
  expect(result.status, `${method} ${path}: ${result.text.slice(0, 300)}`).toBeLessThan(300);
  return (result.text ? JSON.parse(result.text) : undefined) as T;
}
