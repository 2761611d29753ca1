import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { RaceEntry } from './race-entry';

function RoomStub() {
  const { code } = useParams();
  return <p>room {code}</p>;
}

function renderEntry() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/challenges']}>
        <Routes>
          <Route path="/challenges" element={<RaceEntry />} />
          <Route path="/challenges/race/:code" element={<RoomStub />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RaceEntry', () => {
  it('joins an 8-character code typed in any case', async () => {
    renderEntry();
    fireEvent.change(screen.getByLabelText('Join with a code'), { target: { value: 'k7q2zd4m' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('room K7Q2ZD4M')).toBeTruthy();
  });

  it('says what a code looks like when it is not one, without asking the server', () => {
    renderEntry();
    for (const typed of ['ABC123', 'K7Q2ZD0M']) {
      fireEvent.change(screen.getByLabelText('Join with a code'), { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Join' }));
      expect(screen.getByRole('alert').textContent).toBe('Race codes are 8 letters and digits (no 0, 1, I, L or O)');
    }
  });
});
