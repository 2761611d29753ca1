import { QueryClient, dehydrate } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { INITIAL_DATA_ID, readInitialData, seedFromInitialData } from './initial-data';

/** The script the server puts after #root, as the HTML parser leaves it in the document. */
function serverData(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INITIAL_DATA_ID;
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => document.getElementById(INITIAL_DATA_ID)?.remove());

describe('initial data', () => {
  it("seeds a new query cache with the server's data, under the same keys", () => {
    const server = new QueryClient();
    server.setQueryData(['entity', 'person', 'kevin-bacon'], { name: 'Kevin Bacon </script>' });
    // As the server escapes it: no "<" in the script's text.
    serverData(JSON.stringify(dehydrate(server)).replace(/</g, '\\u003c'));
    const client = seedFromInitialData(createQueryClient());
    expect(client.getQueryData(['entity', 'person', 'kevin-bacon'])).toEqual({ name: 'Kevin Bacon </script>' });
    expect(client.getQueryState(['entity', 'person', 'kevin-bacon'])?.status).toBe('success');
  });

  it('leaves the cache empty without data, or with data it cannot read', () => {
    expect(readInitialData()).toBeNull();
    expect(seedFromInitialData(createQueryClient()).getQueryCache().getAll()).toEqual([]);
    serverData('{"queries": [');
    expect(readInitialData()).toBeNull();
    expect(seedFromInitialData(createQueryClient()).getQueryCache().getAll()).toEqual([]);
  });
});
