import { fireEvent, screen, within } from '@testing-library/react';
import type { DocsExamples } from '@cinema-dna/shared-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openApiFixture } from '../../test/openapi-fixture';
import { routeFetch } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const entity = (type: string, id: string, name: string) => ({ id, key: `${type}:${id}`, type, name });
const CATALOG_EXAMPLES: DocsExamples = {
  from: entity('person', '5064', 'Meryl Streep'),
  to: entity('person', '18897', 'Jackie Chan'),
  movie: entity('movie', '9502', 'Kung Fu Panda'),
  genre: entity('genre', 'animation', 'Animation'),
  searchText: 'meryl',
  degrees: 3,
};

function stubServer() {
  const fetchMock = vi.fn(
    routeFetch({
      '/api/openapi.json': () => ({ body: openApiFixture() }),
      '/api/auth/csrf': () => ({ body: { csrfToken: 'csrf-1' } }),
      '/api/search': (url) => ({ body: { results: [{ key: 'person:tom-hanks', name: `Tom Hanks (${url.searchParams.get('q')})` }] } }),
      '/api/connections/find': () => ({ body: { found: true, degrees: 2 } }),
      // The examples' entities come from the catalog the server loaded (here, not the starter's pair).
      '/api/docs/examples': () => ({ body: CATALOG_EXAMPLES }),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('DocsPage', () => {
  it('has the four tabs of the spec', async () => {
    stubServer();
    renderApp('/docs');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Endpoints', 'Examples', 'Auth']);
  });

  it('runs a worked example against the server and shows its answer', async () => {
    const fetchMock = stubServer();
    renderApp('/docs?tab=examples');
    const example = (await screen.findByRole('heading', { name: 'Find an entity as you type' })).closest('article')!;
    expect(within(example).getByText('Press Run to send this request to the server and see its real answer.')).toBeTruthy();
    fireEvent.click(within(example).getByRole('button', { name: 'Run: Find an entity as you type' }));
    const response = await within(example).findByTestId('api-response');
    expect(within(response).getByTestId('response-status').textContent).toMatch(/^200/);
    expect(within(response).getByText(/Tom Hanks \(meryl\)/)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/search?q=meryl&limit=5');
  });

  it('runs a POST example with its JSON body', async () => {
    const fetchMock = stubServer();
    renderApp('/docs?tab=examples');
    fireEvent.click(await screen.findByRole('button', { name: 'Run: Find the chain between two people' }));
    await screen.findByText(/"degrees": 2/);
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/connections/find')!;
    expect(init).toMatchObject({ method: 'POST', body: '{"fromEntityId":"person:5064","toEntityId":"person:18897","maxDegrees":6}' });
  });

  it('lists the endpoints by feature, with a lock where sign-in is needed', async () => {
    stubServer();
    renderApp('/docs?tab=endpoints');
    const group = (await screen.findByRole('heading', { name: 'Saved connections' })).closest('section')!;
    expect(within(group).getAllByLabelText('Needs authentication')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'the full reference' }).getAttribute('href')).toBe('/api-docs?tab=endpoints');
  });
});
