import { ADMIN_TEXTS, REPORT_REASON_LABELS, type Review } from '@cinema-dna/shared-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { routeFetch } from '../../../test/fixtures';
import { ada, reviewBy } from '../../../test/social-fixtures';
import { Toaster, resetToasts } from '../../../ui/toast';
import { resetAuth, setUser } from '../../auth';
import { EntityReviewsSection } from './entity-reviews-section';

const review = reviewBy;

function renderSection(reviews: Review[], reportAnswer: { status?: number; body: unknown } = { status: 201, body: { reported: true, message: ADMIN_TEXTS.reviewReported } }) {
  const fetchMock = vi.fn(
    routeFetch({
      '/api/entity/movie/heat-1995/reviews': () => ({ body: { reviews, count: reviews.length, averageRating: 2 } }),
      '/api/reviews/12/report': () => reportAnswer,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <EntityReviewsSection entityType="movie" entityId="heat-1995" entityName="Heat" />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeEach(() => {
  resetAuth();
  resetToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe('Report a review', () => {
  it("offers Report on other people's reviews only, never on your own, and not to a guest", async () => {
    setUser(ada);
    renderSection([review(11, ada.id), review(12, 99)]);
    await screen.findByRole('article', { name: 'Review: Review 12' });
    expect(screen.getByRole('button', { name: 'Report review: Review 12' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report review: Review 11' })).toBeNull();
  });

  it('hides Report from a guest', async () => {
    setUser(null);
    renderSection([review(12, 99)]);
    await screen.findByRole('article', { name: 'Review: Review 12' });
    expect(screen.queryByRole('button', { name: /^Report review/ })).toBeNull();
  });

  it('sends the chosen reason and the note, then thanks with the toast', async () => {
    setUser(ada);
    const fetchMock = renderSection([review(12, 99)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Report review: Review 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual(Object.values(REPORT_REASON_LABELS));
    // No reason chosen: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spoilers }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note/ }), { target: { value: '  Ending given away  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(ADMIN_TEXTS.reviewReported)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = fetchMock.mock.calls.find(([path]) => String(path) === '/api/reviews/12/report')!;
    expect(call[1]).toMatchObject({ method: 'POST', body: JSON.stringify({ reason: 'spoilers', note: 'Ending given away' }) });
  });

  it("keeps the dialog filled and says why when the report fails", async () => {
    setUser(ada);
    renderSection([review(12, 99)], { status: 403, body: { code: 'FORBIDDEN', message: 'You cannot report your own review.', details: {} } });
    fireEvent.click(await screen.findByRole('button', { name: 'Report review: Review 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    fireEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.other }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('You cannot report your own review.')).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.other }) as HTMLInputElement).checked).toBe(true);
  });
});
