import { describe, expect, it } from 'vitest';
import { curlSample, fetchSample, shellQuote, type SampleRequest } from './code-samples';
import type { ApiAuth } from './openapi-model';

const none: ApiAuth = { mode: 'none', bearer: false, session: false, csrf: false, schemes: [] };
const keyOrSession: ApiAuth = { mode: 'required', bearer: true, session: true, csrf: true, schemes: ['sessionCookie', 'apiKey'], sessionCookie: 'cdna.sid', csrfHeader: 'X-CSRF-Token' };
const sessionOnly: ApiAuth = { ...keyOrSession, bearer: false, schemes: ['sessionCookie'] };
const base = { origin: 'http://localhost:3000' };

describe('curlSample', () => {
  it('writes a plain GET without -X', () => {
    expect(curlSample({ ...base, method: 'get', path: '/api/search?q=tom&limit=5', auth: none })).toBe(`curl 'http://localhost:3000/api/search?q=tom&limit=5'`);
  });

  it('sends a compact JSON body, quoted for the shell, and the API key from the environment', () => {
    const request: SampleRequest = { ...base, method: 'post', path: '/api/connections/save', body: '{\n  "name": "Rock \'n\' roll"\n}', auth: keyOrSession };
    expect(curlSample(request)).toBe(
      [
        `curl -X POST 'http://localhost:3000/api/connections/save' \\`,
        `  -H "Authorization: Bearer $CDNA_API_KEY" \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -d '{"name":"Rock '\\''n'\\'' roll"}'`,
      ].join('\n'),
    );
  });

  it('says when only a signed-in session works, with the cookie and the CSRF header', () => {
    const sample = curlSample({ ...base, method: 'post', path: '/api/users/me/api-keys', body: '{"name":"cli"}', auth: sessionOnly });
    expect(sample.split('\n')[0]).toBe('# Needs a signed-in session: API keys are refused here.');
    expect(sample).toContain(`-b 'cdna.sid=…'`);
    expect(sample).toContain(`-H 'X-CSRF-Token: …'`);
    expect(sample).not.toContain('Authorization');
  });
});

describe('fetchSample', () => {
  it('is a bare fetch for a public GET', () => {
    expect(fetchSample({ ...base, method: 'get', path: '/api/trending', auth: none })).toBe(
      [`const response = await fetch('http://localhost:3000/api/trending');`, 'const data = await response.json();', 'console.log(response.status, data);'].join('\n'),
    );
  });

  it('sets the method, JSON body and bearer header', () => {
    const sample = fetchSample({ ...base, method: 'post', path: '/api/connections/save', body: '{"degrees":2}', auth: keyOrSession });
    expect(sample).toContain(`method: 'POST'`);
    expect(sample).toContain("Authorization: `Bearer ${process.env.CDNA_API_KEY}`");
    expect(sample).toContain('body: JSON.stringify({\n    "degrees": 2\n  })');
  });

  it('fetches the CSRF token first for a session-only write', () => {
    const sample = fetchSample({ ...base, method: 'delete', path: '/api/users/me/api-keys/3', auth: sessionOnly });
    expect(sample).toContain(`const { csrfToken } = await (await fetch('/api/auth/csrf')).json();`);
    expect(sample).toContain(`'X-CSRF-Token': csrfToken`);
    expect(sample).toContain(`credentials: 'include'`);
  });
});

describe('shellQuote', () => {
  it('survives single quotes', () => {
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
  });
});
