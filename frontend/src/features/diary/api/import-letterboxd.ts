import { CSRF_HEADER, IMPORT_MAX_BYTES, LETTERBOXD_FILES, type ImportCommit, type ImportPreview, type ImportSummary } from '@cinema-dna/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, currentCsrfToken, resetCsrfToken } from '../../../lib/api-client';
import { api } from '../../../lib/api-client-typed';
import { REVIEWS_QUERY_ROOT } from '../../reviews';
import { WATCHLIST_QUERY_ROOT } from '../../watchlist';
import { DIARY_QUERY_ROOT } from './query-keys';

/** What the import dialog's file input takes: the export's zip, one of its CSVs, or a CSV in Letterboxd's import format. */
export const IMPORT_ACCEPT = '.zip,.csv,application/zip,text/csv';

/** Why a chosen file cannot be sent, or null when it can (the server checks its contents). */
export function importFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (file.size > IMPORT_MAX_BYTES) return `That file is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB.`;
  if (file.size === 0) return 'That file is empty.';
  // The server knows a zip by its bytes and a CSV by its columns; the name only tells which export file a CSV is.
  if (name.endsWith('.zip') || name.endsWith('.csv')) return null;
  return `Choose your Letterboxd export (.zip) or one of its files: ${LETTERBOXD_FILES.join(', ')}.`;
}

const contentTypeOf = (name: string) => (name.toLowerCase().endsWith('.zip') ? 'application/zip' : 'text/csv');

function parseBody(text: string): ApiRequestError['body'] {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as ApiRequestError['body']) : undefined;
  } catch {
    return undefined;
  }
}

export interface UploadOptions {
  /** Called with the fraction sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function sendUpload(file: File, token: string, { onProgress, signal }: UploadOptions): Promise<{ status: number; statusText: string; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/diary/import?${new URLSearchParams({ name: file.name.toLowerCase() })}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', contentTypeOf(file.name));
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(new Error('The upload failed: check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * POST /api/diary/import?name=: sends the raw file with the session's CSRF token over XMLHttpRequest,
 * so the dialog can show real upload progress. Resolves to the preview (nothing written yet); a refusal
 * for a stale token fetches a fresh one and sends again once, as apiFetch does.
 */
export async function uploadLetterboxdFile(file: File, options: UploadOptions = {}): Promise<ImportPreview> {
  let answer = await sendUpload(file, await currentCsrfToken(), options);
  if (answer.status === 403 && /csrf/i.test(answer.text)) {
    resetCsrfToken();
    options.onProgress?.(0);
    answer = await sendUpload(file, await currentCsrfToken(), options);
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new ApiRequestError(answer.status, `${answer.status}: ${answer.text || answer.statusText}`, parseBody(answer.text));
  }
  return JSON.parse(answer.text) as ImportPreview;
}

/** POST /api/diary/import/:importId/commit: writes the import in one transaction and says what it added. */
export function commitLetterboxdImport({ importId, body }: { importId: string; body: ImportCommit }): Promise<ImportSummary> {
  return api.post('/api/diary/import/:importId/commit', { params: { importId }, body });
}

/** Commits an import; the diary, the watchlist and reviews all may have new rows afterwards. */
export function useCommitLetterboxdImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitLetterboxdImport,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: DIARY_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: [WATCHLIST_QUERY_ROOT] });
      void queryClient.invalidateQueries({ queryKey: [REVIEWS_QUERY_ROOT] });
    },
  });
}

/** GET /api/diary/export.csv: the diary in Letterboxd's import format. */
export const DIARY_EXPORT_CSV_PATH = '/api/diary/export.csv';
/** GET /api/users/me/export: everything of yours, as JSON. */
export const MY_DATA_EXPORT_PATH = '/api/users/me/export';
