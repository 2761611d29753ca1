import { SearchParametersSchema } from '@cinema-dna/shared-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { foundResult, kevinBacon, tomHanks } from '../../../test/fixtures';
import { ConnectionResult } from './connection-result';

function renderResult(result: ReturnType<typeof foundResult>) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ConnectionResult from={kevinBacon} to={tomHanks} result={result} parameters={SearchParametersSchema.parse({})} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ConnectionResult', () => {
  it('says in words when the chain needed obscure links or hubs', () => {
    renderResult(foundResult({ usedObscure: true, maxDegrees: 6 }));
    expect(screen.getByText(/No chain of cast and filmmakers fits within 6 degrees, so this one also runs through minor crew jobs/)).toBeTruthy();
  });

  it('says nothing of the kind for a chain of cast and filmmakers', () => {
    renderResult(foundResult({ usedObscure: false }));
    expect(screen.getByRole('heading', { name: 'Connection Found!' })).toBeTruthy();
    expect(screen.queryByText(/No chain of cast and filmmakers/)).toBeNull();
  });
});
