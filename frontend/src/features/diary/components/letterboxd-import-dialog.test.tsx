import { CSRF_HEADER, type ImportSummary } from '@cinema-dna/shared-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { IMPORT_PREVIEW } from '../../../test/diary-fixtures';
import { entity } from '../../../test/fixtures';
import { TEST_CSRF_TOKEN } from '../../../test/setup';
import { LetterboxdImportDialog } from './letterboxd-import-dialog';

/** A stand-in for XMLHttpRequest: records what is sent; the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const SUMMARY: ImportSummary = { counts: { matched: 1, ambiguous: 1, unmatched: 2 }, added: { diary: 3, ratings: 1, watched: 0, watchlist: 1, reviews: 0 }, skipped: 2, skippedRows: { alreadyImported: 0, notImported: 2, nothingToImport: 0 } };

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <LetterboxdImportDialog open onOpenChange={onOpenChange} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

const csv = (name: string, text = 'Date,Name,Year\n2024-01-01,Heat,1995\n') => new File([text], name, { type: 'text/csv' });

let commits: unknown[] = [];
beforeEach(() => {
  FakeXhr.last = null;
  commits = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/search') return Response.json({ results: [entity('movie', 'total-recall-1990', 'Total Recall', { year: 1990 })] });
      if (url.pathname === '/api/diary/import/imp-1/commit') {
        commits.push(JSON.parse(String(init?.body)));
        return Response.json(SUMMARY);
      }
      return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('LetterboxdImportDialog', () => {
  it('refuses a file that is not a Letterboxd export before sending anything', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Letterboxd file'), { target: { files: [csv('movies.txt')] } });
    expect((await screen.findByRole('alert')).textContent).toContain('diary.csv, ratings.csv, watched.csv, watchlist.csv, reviews.csv');
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('uploads with progress and the CSRF header, then settles ambiguous and unmatched films and imports', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Letterboxd file'), { target: { files: [csv('diary.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/diary/import?name=diary.csv');
    expect(xhr.headers[CSRF_HEADER]).toBe(TEST_CSRF_TOKEN);
    expect(xhr.headers['Content-Type']).toBe('text/csv');
    expect(xhr.withCredentials).toBe(true);

    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 42, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('42');
    act(() => xhr.respond(200, IMPORT_PREVIEW));

    const review = await screen.findByTestId('import-review');
    expect(within(review).getByTestId('import-count-matched').textContent).toContain('1');
    expect(within(review).getByTestId('import-count-ambiguous').textContent).toContain('1');
    expect(within(review).getByTestId('import-count-unmatched').textContent).toContain('2');
    expect(within(review).getByTestId('import-warnings').textContent).toContain('diary.csv:6 The row has no film title.');

    // Ambiguous: the first candidate is chosen; pick the 2002 one instead.
    const solaris = within(review).getByRole('group', { name: 'Solaris' });
    expect((within(solaris).getByRole('radio', { name: /Solaris\s*1972/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(solaris).getByRole('radio', { name: /Solaris\s*2002/ }));

    // Unmatched: skipped unless searched; search the catalog for one of them.
    const unmatched = within(review).getAllByTestId('import-unmatched-film');
    expect(unmatched).toHaveLength(2);
    expect(unmatched[1]!.textContent).toContain('Skipped');
    const box = within(unmatched[1]!).getByRole('combobox');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'Total' } });
    fireEvent.click(await within(unmatched[1]!).findByRole('option', { name: /^Total Recall/ }));
    expect(unmatched[1]!.textContent).toContain('Importing as Total Recall');
    expect(within(review).getByText(/3 films to import, 1 skipped/)).toBeTruthy();

    fireEvent.click(within(review).getByRole('button', { name: 'Import' }));
    const summary = await screen.findByTestId('import-summary');
    expect(commits).toEqual([{ choices: { 'solaris|': 'solaris-2002', 'nope|2031': null, 'gone|1990': 'total-recall-1990' } }]);
    expect(summary.textContent).toContain('Imported 5 items');
    // Nothing was imported before: the skipped rows say why they were skipped.
    expect(summary.textContent).toContain('2 rows skipped: of films not in the catalog or that you skipped.');
    expect(summary.textContent).not.toContain('already imported');
  });

  it('shows the server’s refusal in the dialog and lets the user choose another file', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Letterboxd file'), { target: { files: [csv('ratings.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.respond(400, { code: 'IMPORT_INVALID', message: 'ratings.csv lacks the columns Name, Year and Rating.' }));
    expect((await screen.findByRole('alert')).textContent).toContain('ratings.csv lacks the columns Name, Year and Rating.');
    expect(screen.getByLabelText('Letterboxd file')).toBeTruthy();
  });
});
