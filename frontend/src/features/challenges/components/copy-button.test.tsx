import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_FEEDBACK_MS } from '../../../lib/clipboard';
import { Toaster, resetToasts } from '../../../ui/toast';
import { COPIED_TITLE, COPY_FAILED_TITLE } from '../hooks/use-copy';
import { CopyButton } from './copy-button';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

beforeEach(() => resetToasts());
afterEach(() => vi.useRealTimers());

describe('CopyButton', () => {
  it('copies the share text, reads Copied for 2 s and toasts the spec’s text', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    vi.useFakeTimers();
    render(
      <>
        <CopyButton text="Cinema DNA #12 · 2 links (par 2) · 1:23" label="Copy Text" />
        <Toaster />
      </>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Text' }));
    });
    expect(writeText).toHaveBeenCalledWith('Cinema DNA #12 · 2 links (par 2) · 1:23');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByText(COPIED_TITLE)).toBeTruthy();
    act(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS));
    expect(screen.getByRole('button', { name: 'Copy Text' })).toBeTruthy();
  });

  it('says it failed when the clipboard refuses', async () => {
    stubClipboard(async () => {
      throw new Error('denied');
    });
    render(
      <>
        <CopyButton text="x" label="Copy Text" />
        <Toaster />
      </>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Text' }));
    });
    expect(screen.getByText(COPY_FAILED_TITLE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Text' })).toBeTruthy();
  });
});
