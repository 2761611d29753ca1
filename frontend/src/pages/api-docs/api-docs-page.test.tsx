import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiConsole } from '../../features/api-docs';
import { openApiFixture } from '../../test/openapi-fixture';
import { routeFetch } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { resetToasts } from '../../ui/toast';

type Handler = Parameters<typeof routeFetch>[0][string];

/** This server as far as the page needs it: its OpenAPI document, plus any routes a test adds. */
function stubServer(routes: Record<string, Handler> = {}) {
  const fetchMock = vi.fn(
    routeFetch({
      '/api/openapi.json': () => ({ body: openApiFixture() }),
      '/api/asyncapi.json': () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found', details: {} } }),
      '/api/auth/csrf': () => ({ body: { csrfToken: 'csrf-1' } }),
      ...routes,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one path (with or without a query). */
const callsTo = (fetchMock: ReturnType<typeof stubServer>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input).split('?')[0] === path);

async function openConsole(operationKey: string) {
  renderApp('/api-docs?tab=testing');
  const picker = await screen.findByLabelText('Endpoint');
  fireEvent.change(picker, { target: { value: operationKey } });
  return screen.getByRole('form', { name: 'Test console' });
}

beforeEach(() => {
  resetApiConsole();
  resetToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe('ApiDocsPage', () => {
  it('has the four tabs of the spec, Overview first', async () => {
    stubServer();
    renderApp('/api-docs');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Endpoints', 'API Testing', 'Authentication']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByTestId('endpoint-count')).toHaveProperty('textContent', '6 in 4 groups');
  });

  it('lists the endpoints by feature, each opening to its details and samples with Copy', async () => {
    stubServer();
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/api-docs?tab=endpoints');
    const panel = await screen.findByRole('tabpanel', { name: 'Endpoints' });
    expect((await within(panel).findAllByRole('heading', { level: 2 })).map((heading) => heading.textContent)).toEqual([
      'Entities',
      'Connections',
      'Saved connections',
      'Other',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'POST /api/find-connection: Find the shortest chain' }));
    const details = screen.getByRole('region', { name: 'POST /api/find-connection: Find the shortest chain' });
    expect(within(details).getByText('20 searches a minute per user (or IP)')).toBeTruthy();
    expect(within(details).getByText(/^Optional: works signed out/)).toBeTruthy();
    fireEvent.click(within(details).getByRole('button', { name: 'Copy cURL' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]![0]).toMatch(/^curl -X POST 'http:\/\/localhost(:\d+)?\/api\/find-connection' \\\n {2}-H 'Content-Type: application\/json'/);
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
  });

  it('sends the request and shows Loading..., then status, time, headers and body', async () => {
    let answer: (value: Response) => void = () => {};
    const fetchMock = stubServer();
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/search')) return new Promise<Response>((resolve) => (answer = resolve));
      return base(input, init);
    });
    const form = await openConsole('GET /api/search');
    expect(within(form).getByLabelText(/^q/)).toHaveProperty('value', 'tom');
    fireEvent.change(within(form).getByLabelText(/^limit/), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText('Loading...')).toBeTruthy();
    const [input, init] = callsTo(fetchMock, '/api/search')[0]!;
    expect(input).toBe('/api/search?q=tom&limit=3');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', body: undefined });
    answer(new Response(JSON.stringify({ results: [{ name: 'Tom Hanks' }] }), { status: 200, statusText: 'OK', headers: { 'Content-Type': 'application/json', 'RateLimit-Remaining': '99' } }));

    const response = await screen.findByTestId('api-response');
    expect(within(response).getByTestId('response-status').textContent).toBe('200 OK');
    expect(within(response).getByTestId('response-time').textContent).toMatch(/\d+ ms|\d\.\d\d s/);
    expect(within(response).getByText('ratelimit-remaining:')).toBeTruthy();
    expect(within(response).getByText(/"name": "Tom Hanks"/)).toBeTruthy();
  });

  it('shows Invalid JSON for a body that does not parse, and sends nothing', async () => {
    const fetchMock = stubServer({ '/api/find-connection': () => ({ body: { found: true } }) });
    const form = await openConsole('POST /api/find-connection');
    fireEvent.change(within(form).getByLabelText('Request body (JSON)'), { target: { value: '{"fromEntity": ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Request' }));
    expect(await within(form).findByText(/^Invalid JSON/)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/find-connection')).toEqual([]);
    expect(callsTo(fetchMock, '/api/auth/csrf')).toEqual([]);
  });

  it('sends a JSON body with the session’s CSRF token', async () => {
    const fetchMock = stubServer({ '/api/find-connection': () => ({ body: { found: true } }) });
    const form = await openConsole('POST /api/find-connection');
    fireEvent.change(within(form).getByLabelText('Request body (JSON)'), { target: { value: '{ "fromEntity": { "id": "a", "type": "person" } }' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Request' }));
    await screen.findByTestId('api-response');
    const [, init] = callsTo(fetchMock, '/api/find-connection')[0]!;
    expect(init).toMatchObject({ method: 'POST', body: '{"fromEntity":{"id":"a","type":"person"}}', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'csrf-1' } });
  });

  it('shows the masked API key field only for endpoints that need authentication, and sends the key alone', async () => {
    const fetchMock = stubServer({ '/api/users/me/connections': () => ({ body: { connections: [] } }) });
    const form = await openConsole('GET /api/search');
    expect(within(form).queryByLabelText('API key')).toBeNull();
    fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: 'POST /api/find-connection' } });
    expect(within(form).queryByLabelText('API key')).toBeNull();
    fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: 'GET /api/users/me/connections' } });
    const key = within(form).getByLabelText('API key');
    expect(key.getAttribute('type')).toBe('password');
    fireEvent.change(key, { target: { value: 'cdna_secret' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Request' }));
    await screen.findByTestId('api-response');
    const [, init] = callsTo(fetchMock, '/api/users/me/connections')[0]!;
    expect(init).toMatchObject({ credentials: 'omit', headers: { Authorization: 'Bearer cdna_secret' } });
    // A session-only endpoint has no key field: it says keys are refused.
    fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: 'POST /api/users/me/api-keys' } });
    expect(within(form).queryByLabelText('API key')).toBeNull();
    expect(within(form).getByText(/This endpoint refuses API keys/)).toBeTruthy();
  });

  it('marks an empty required parameter and says what is missing', async () => {
    const fetchMock = stubServer();
    const form = await openConsole('GET /api/entity/{type}/{id}');
    fireEvent.change(within(form).getByLabelText('id'), { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Fill in id');
    expect(within(form).getByText('Required')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/entity'))).toEqual([]);
  });

  it("shows 'Error: {message}' when no answer comes", async () => {
    const fetchMock = stubServer();
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/search')) throw new TypeError('Failed to fetch');
      return base(input, init);
    });
    const form = await openConsole('GET /api/search');
    fireEvent.click(within(form).getByRole('button', { name: 'Send Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch');
  });

  it('says when the API description cannot be loaded, and tries again', async () => {
    let fail = true;
    stubServer({ '/api/openapi.json': () => (fail ? { status: 500, body: { code: 'INTERNAL', message: 'boom', details: {} } } : { body: openApiFixture() }) });
    renderApp('/api-docs?tab=endpoints');
    expect(await screen.findByText('Couldn’t load the API description')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Entities' })).toBeTruthy();
  });
});
