import { ADMIN_TEXTS, REPORT_REASON_LABELS } from '@cinema-dna/shared-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { routeFetch } from '../../../test/fixtures';
import { ada, reviewBy } from '../../../test/social-fixtures';
import { Toaster, resetToasts } from '../../../ui/toast';
import { resetAuth, setUser } from '../../auth';
import { ReviewsTab } from './reviews-tab';

const review = reviewBy;

beforeEach(() => {
  resetAuth();
  resetToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe('Report a review from a profile', () => {
  function renderProfileReviews(userId: number) {
    const fetchMock = vi.fn(
      routeFetch({
        [`/api/users/${userId}/reviews`]: () => ({ body: { reviews: [review(12, userId)] } }),
        '/api/reviews/12/report': () => ({ status: 201, body: { reported: true, message: ADMIN_TEXTS.reviewReported } }),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ReviewsTab userId={userId} />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
    return fetchMock;
  }

  it("offers Report on someone else's profile reviews and sends it; not on one's own, not to a guest", async () => {
    setUser(ada);
    const fetchMock = renderProfileReviews(99);
    fireEvent.click(await screen.findByRole('button', { name: 'Report review: Review 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    fireEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.offensive }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(ADMIN_TEXTS.reviewReported)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([path]) => String(path) === '/api/reviews/12/report')!;
    expect(call[1]).toMatchObject({ method: 'POST', body: JSON.stringify({ reason: 'offensive' }) });
  });

  it('shows no Report on your own profile or to a guest', async () => {
    setUser(ada);
    renderProfileReviews(ada.id);
    await screen.findByText('Thoughts 12');
    expect(screen.queryByRole('button', { name: /^Report review/ })).toBeNull();
  });

  it('shows no Report to a guest', async () => {
    setUser(null);
    renderProfileReviews(99);
    await screen.findByText('Thoughts 12');
    expect(screen.queryByRole('button', { name: /^Report review/ })).toBeNull();
  });
});
