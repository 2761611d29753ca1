import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, Toaster, notify, resetToasts, toast, updateNotice } from './toast';

beforeEach(() => resetToasts());
afterEach(() => vi.useRealTimers());

describe('toast', () => {
  it('shows one toast at a time: a new one replaces the one on screen', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Login Failed', description: 'Invalid username or password.', variant: 'destructive' });
    });
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    act(() => {
      toast({ title: 'Message Sent' });
    });
    expect(await screen.findByText('Message Sent')).toBeTruthy();
    expect(screen.queryByText('Login Failed')).toBeNull();
  });

  it('closes by itself after 5000 ms', async () => {
    // Only timers are faked: valtio delivers store changes on microtasks.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Toaster />);
    await act(async () => {
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
    });
    expect(screen.getByText('Welcome back!')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(TOAST_DURATION_MS + 1000);
    });
    expect(screen.queryByText('Welcome back!')).toBeNull();
  });

  it("keeps a notice from covering an action's toast: it waits, then shows once that one closes", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Toaster />);
    await act(async () => {
      toast({ title: 'Connection Saved', description: 'Added to your discovered connections' });
    });
    let badge = 0;
    await act(async () => {
      badge = notify({ title: 'Badge earned', description: 'Keeper' }).id;
    });
    expect(screen.getByText('Connection Saved')).toBeTruthy();
    expect(screen.queryByText('Badge earned')).toBeNull();
    // Still waiting: a second badge joins it.
    expect(updateNotice(badge, { title: 'Badges earned', description: 'Keeper · People Person' })).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(TOAST_DURATION_MS + 1000);
    });
    expect(screen.queryByText('Connection Saved')).toBeNull();
    expect(screen.getByText('Badges earned')).toBeTruthy();
    expect(screen.getByText('Keeper · People Person')).toBeTruthy();
    // An action's answer still replaces a notice on screen at once.
    await act(async () => {
      toast({ title: 'Entry Deleted' });
    });
    expect(screen.getByText('Entry Deleted')).toBeTruthy();
    expect(screen.queryByText('Badges earned')).toBeNull();
  });
});
