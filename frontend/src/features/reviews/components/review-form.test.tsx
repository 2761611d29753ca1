import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReviewForm } from './review-form';

describe('ReviewForm', () => {
  it('tells the writer, as she types, how long a review must be to earn points', () => {
    render(<ReviewForm heading="Write a Review" submitLabel="Post Review" pending={false} onSubmit={vi.fn()} />);
    expect(screen.getByText('0 of 40 characters: a first review with a rating and at least 40 characters earns 5 points.')).toBeTruthy();

    const text = screen.getByLabelText('Review');
    fireEvent.change(text, { target: { value: '  Great.  ' } });
    expect(screen.getByText('6 of 40 characters: a first review with a rating and at least 40 characters earns 5 points.')).toBeTruthy();

    fireEvent.change(text, { target: { value: 'A heist film that takes its time, and earns it.' } });
    expect(screen.getByText('47 characters: long enough to earn 5 points (your first review of this, within the daily limit).')).toBeTruthy();
    // The hint describes the text box for screen readers.
    expect(text.getAttribute('aria-describedby')).toBeTruthy();
  });
});
