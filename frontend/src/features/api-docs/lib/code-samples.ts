import { CSRF_HEADER } from '@cinema-dna/shared-types';
import type { ApiAuth, HttpMethod } from './openapi-model';

/** One request to write out as code. */
export interface SampleRequest {
  /** `http://localhost:3000`: samples name the server the reader is looking at. */
  origin: string;
  method: HttpMethod;
  /** Path and query, already encoded: `/api/search?q=tom`. */
  path: string;
  /** The JSON body as text ('' or undefined: none). */
  body?: string;
  auth: ApiAuth;
}

/** The environment variable the samples read an API key from. */
export const API_KEY_VARIABLE = 'CDNA_API_KEY';

/** Quotes a word for a POSIX shell: single quotes, with any single quote closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Which credential a sample sends: an API key where one is accepted, else the session (and its CSRF header on writes). */
function credentialOf(request: SampleRequest): 'bearer' | 'session' | null {
  if (request.auth.mode !== 'required') return null;
  if (request.auth.bearer) return 'bearer';
  return request.auth.session ? 'session' : null;
}

const isWrite = (method: HttpMethod) => !['get', 'head', 'options'].includes(method);

/** Compact JSON for a shell line; the body as typed when it is not valid JSON (it is the reader's text). */
function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/** A cURL command for the request. */
export function curlSample(request: SampleRequest): string {
  const credential = credentialOf(request);
  const options: string[] = [];
  if (credential === 'bearer') options.push(`-H "Authorization: Bearer $${API_KEY_VARIABLE}"`);
  if (credential === 'session') {
    options.push(`-b ${shellQuote(`${request.auth.sessionCookie ?? 'session'}=…`)}`);
    if (isWrite(request.method) && request.auth.csrf) options.push(`-H ${shellQuote(`${request.auth.csrfHeader ?? CSRF_HEADER}: …`)}`);
  }
  if (request.body?.trim()) {
    options.push(`-H 'Content-Type: application/json'`);
    options.push(`-d ${shellQuote(compactJson(request.body))}`);
  }
  const curl = `curl ${request.method === 'get' ? '' : `-X ${request.method.toUpperCase()} `}${shellQuote(request.origin + request.path)}`;
  const command = [curl, ...options.map((option) => `  ${option}`)].join(' \\\n');
  return credential === 'session' ? `# Needs a signed-in session: API keys are refused here.\n${command}` : command;
}

/** A JavaScript `fetch` call for the request (Node 18+ or a browser). */
export function fetchSample(request: SampleRequest): string {
  const credential = credentialOf(request);
  const headers: string[] = [];
  if (request.body?.trim()) headers.push(`'Content-Type': 'application/json'`);
  if (credential === 'bearer') headers.push(`Authorization: \`Bearer \${process.env.${API_KEY_VARIABLE}}\``);
  if (credential === 'session' && isWrite(request.method) && request.auth.csrf) headers.push(`'${request.auth.csrfHeader ?? CSRF_HEADER}': csrfToken`);

  const options: string[] = [];
  if (request.method !== 'get') options.push(`method: '${request.method.toUpperCase()}'`);
  if (headers.length > 0) options.push(`headers: {\n${headers.map((header) => `    ${header},`).join('\n')}\n  }`);
  if (credential === 'session') options.push(`credentials: 'include'`);
  if (request.body?.trim()) options.push(`body: JSON.stringify(${indentJson(request.body)})`);

  const url = `'${(request.origin + request.path).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const call = options.length > 0 ? `fetch(${url}, {\n${options.map((option) => `  ${option},`).join('\n')}\n})` : `fetch(${url})`;
  const lines: string[] = [];
  if (credential === 'session') {
    lines.push('// In a signed-in browser tab of this site (API keys are refused here).');
    if (isWrite(request.method) && request.auth.csrf) lines.push(`const { csrfToken } = await (await fetch('/api/auth/csrf')).json();`);
  }
  lines.push(`const response = await ${call};`, 'const data = await response.json();', 'console.log(response.status, data);');
  return lines.join('\n');
}

/** The body as a JS literal inside `JSON.stringify(...)`, indented one level. */
function indentJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2).split('\n').join('\n  ');
  } catch {
    // Not JSON: show it as typed, so the sample still says what would be sent.
    return JSON.stringify(text);
  }
}
