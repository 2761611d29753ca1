import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { Toaster, resetToasts } from '../../../ui/toast';
import { ContactForm } from './contact-form';

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactForm />
      <Toaster />
    </QueryClientProvider>,
  );
}

function fill() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'A missing credit' } });
  fireEvent.change(screen.getByLabelText(/Category/), { target: { value: 'data' } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Please add the composer.' } });
}

const value = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe('ContactForm', () => {
  it('sends the message, shows Sending meanwhile, then toasts and clears', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fill();
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(await screen.findByRole('button', { name: /Sending/ })).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'A missing credit',
      category: 'data',
      message: 'Please add the composer.',
    });
    answer(Response.json({ success: true, message: 'Thanks, Ada!' }));
    expect(await screen.findByText('Message Sent')).toBeTruthy();
    expect(screen.getByText('Thanks, Ada!')).toBeTruthy();
    expect(value('Name')).toBe('');
    expect(value('Message')).toBe('');
  });

  it('keeps every value and shows the server error and field errors on failure', async () => {
    const body = { code: 'VALIDATION_FAILED', message: 'Request is invalid', details: [{ path: 'subject', message: 'Subject is too long' }] };
    vi.stubGlobal('fetch', vi.fn(async () => Response.json(body, { status: 400 })));
    renderForm();
    fill();
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Request is invalid')).toBeTruthy();
    expect(screen.getByText('Subject is too long')).toBeTruthy();
    expect(value('Name')).toBe('Ada Lovelace');
    expect(value('Email')).toBe('ada@example.com');
    expect(value('Subject')).toBe('A missing credit');
    expect(value(/Category/)).toBe('data');
    expect(value('Message')).toBe('Please add the composer.');
  });

  it('says so when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderForm();
    fill();
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeTruthy();
    expect(value('Subject')).toBe('A missing credit');
  });

  it('checks the fields with the shared schema before sending', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fill();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Contact form' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
