import type { EntitySummary, ImportFilm, ImportPreview, ImportSummary } from '@cinema-dna/shared-types';
import { CircleAlert, FileUp, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { cn } from '../../../lib/class-names';
import { plural } from '../../../lib/number-format';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../ui/dialog';
import { EntityImage, EntitySearchBox } from '../../entities';
import { IMPORT_ACCEPT, importFileProblem, uploadLetterboxdFile, useCommitLetterboxdImport } from '../api/import-letterboxd';
import { describeDiaryRows, describeImportRows, describeSkippedRows, filmsToReview, importCommitBody, importPlan, initialImportChoices, type ImportChoices } from '../lib/import-choices';

type Step = { name: 'choose' } | { name: 'uploading'; fraction: number } | { name: 'review'; preview: ImportPreview } | { name: 'done'; summary: ImportSummary; hadReviews: boolean };

/** What went wrong, in the server's words when it gave some. */
function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 413) return 'That file is too large: the limit is 50 MB.';
    return error.serverMessage ?? error.message;
  }
  return error instanceof Error ? error.message : fallback;
}

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);
const filmLabel = (film: Pick<ImportFilm, 'name' | 'year'>) => (film.year ? `${film.name} (${film.year})` : film.name);

interface LetterboxdImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Import from Letterboxd: choose the export's .zip or one of its CSVs, upload it with a progress bar,
 * settle the films that did not match one to one (choose a candidate, search the catalog, or skip),
 * then import and see what was added and what was skipped.
 */
export function LetterboxdImportDialog({ open, onOpenChange }: LetterboxdImportDialogProps) {
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploadAbort = useRef<AbortController | null>(null);
  const commit = useCommitLetterboxdImport();

  useEffect(() => () => uploadAbort.current?.abort(), []);

  function reset() {
    uploadAbort.current?.abort();
    uploadAbort.current = null;
    setStep({ name: 'choose' });
    setFile(null);
    setError(null);
    commit.reset();
  }

  function close(next: boolean) {
    if (next) return onOpenChange(true);
    if (commit.isPending) return;
    reset();
    onOpenChange(false);
  }

  async function upload() {
    if (!file) return;
    const problem = importFileProblem(file);
    if (problem) return setError(problem);
    setError(null);
    const abort = new AbortController();
    uploadAbort.current = abort;
    setStep({ name: 'uploading', fraction: 0 });
    try {
      const preview = await uploadLetterboxdFile(file, { signal: abort.signal, onProgress: (fraction) => setStep({ name: 'uploading', fraction }) });
      if (abort.signal.aborted) return;
      setStep({ name: 'review', preview });
    } catch (failure) {
      if (abort.signal.aborted) return;
      setStep({ name: 'choose' });
      setError(errorText(failure, 'The upload failed. Please try again.'));
    }
  }

  function runImport(preview: ImportPreview, choices: ImportChoices) {
    setError(null);
    commit.mutate(
      { importId: preview.importId, body: importCommitBody(preview, choices) },
      {
        onSuccess: (summary) => setStep({ name: 'done', summary, hadReviews: preview.files.some((file) => file.name === 'reviews.csv' && file.rows > 0) }),
        onError: (failure) => setError(errorText(failure, 'The import failed. Nothing was written; please try again.')),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-2xl">
        <div className="pr-6">
          <DialogTitle>Import from Letterboxd</DialogTitle>
          <DialogDescription>
            {step.name === 'review'
              ? 'Check how your films matched the catalog, then import.'
              : step.name === 'done'
                ? 'Your Letterboxd history is in your diary.'
                : 'Bring your diary, ratings, watched films, watchlist and reviews over from a Letterboxd export.'}
          </DialogDescription>
        </div>

        {error && (
          <p role="alert" className="mt-5 flex items-start gap-2.5 rounded-xl border border-scarlet/40 bg-scarlet/5 px-3.5 py-3 text-sm text-bone-100">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-scarlet" />
            <span>{error}</span>
          </p>
        )}

        {step.name === 'choose' && (
          <ChooseStep
            file={file}
            onFile={(chosen) => {
              setFile(chosen);
              setError(chosen ? importFileProblem(chosen) : null);
            }}
            onUpload={() => void upload()}
            onCancel={() => close(false)}
          />
        )}
        {step.name === 'uploading' && file && (
          <UploadingStep
            file={file}
            fraction={step.fraction}
            onCancel={() => {
              uploadAbort.current?.abort();
              uploadAbort.current = null;
              setStep({ name: 'choose' });
            }}
          />
        )}
        {step.name === 'review' && (
          <ReviewStep key={step.preview.importId} preview={step.preview} pending={commit.isPending} onBack={reset} onImport={(choices) => runImport(step.preview, choices)} />
        )}
        {step.name === 'done' && <DoneStep summary={step.summary} hadReviews={step.hadReviews} onClose={() => close(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ChooseStep({ file, onFile, onUpload, onCancel }: { file: File | null; onFile: (file: File | null) => void; onUpload: () => void; onCancel: () => void }) {
  const id = useId();
  return (
    <div className="mt-6 grid gap-5">
      <label
        htmlFor={id}
        className="flex cursor-pointer flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-ink-600 bg-ink-950/40 px-6 py-8 text-center transition-colors hover:border-amber-glow/60 has-[:focus-visible]:border-amber-glow"
      >
        <FileUp aria-hidden className="size-8 text-amber-glow" strokeWidth={1.5} />
        <span className="font-medium text-bone-50">{file ? file.name : 'Choose your Letterboxd export'}</span>
        <span className="text-sm text-bone-400">{file ? sizeText(file.size) : 'The .zip from Settings → Import & Export, or one of its files: diary.csv, ratings.csv, watched.csv, watchlist.csv, reviews.csv'}</span>
        <input id={id} type="file" accept={IMPORT_ACCEPT} aria-label="Letterboxd file" className="sr-only" onChange={(event) => onFile(event.target.files?.[0] ?? null)} />
      </label>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onUpload} disabled={!file || importFileProblem(file) !== null}>
          <Upload aria-hidden className="size-4" />
          Upload
        </Button>
      </div>
    </div>
  );
}

function UploadingStep({ file, fraction, onCancel }: { file: File; fraction: number; onCancel: () => void }) {
  const percent = Math.round(fraction * 100);
  const matching = fraction >= 1;
  return (
    <div className="mt-6 grid gap-3" aria-live="polite">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="truncate text-bone-100">{matching ? `Matching the films of ${file.name}…` : `Uploading ${file.name}…`}</span>
        <span className="tabular-nums text-bone-400">{percent}%</span>
      </div>
      <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2.5 overflow-hidden rounded-full bg-ink-700">
        <div className={cn('h-full rounded-full bg-gradient-to-r from-amber-deep to-amber-glow transition-[width] duration-200', matching && 'animate-pulse')} style={{ width: `${percent}%` }} />
      </div>
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-bone-500">{sizeText(file.size)}</p>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel upload
        </Button>
      </div>
    </div>
  );
}

function CountTile({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-ink-700 bg-ink-950/40 px-3 py-3 sm:px-4" data-testid={`import-count-${label.toLowerCase()}`}>
      <p className={cn('font-display text-3xl font-medium tabular-nums', tone)}>{value}</p>
      <p className="break-words text-[10px] font-semibold uppercase leading-tight tracking-[0.04em] text-bone-400 sm:text-xs sm:tracking-[0.14em]">{label}</p>
    </div>
  );
}

function FilmHeading({ film, children }: { film: ImportFilm; children?: ReactNode }) {
  const rows = describeImportRows(film.rows);
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      <span className="font-medium text-bone-50">{filmLabel(film)}</span>
      {rows && <span className="text-xs text-bone-500">{rows}</span>}
      {children}
    </div>
  );
}

/** The review step: counts, ambiguous films with their candidates, unmatched films to search or skip. */
export function ReviewStep({ preview, pending, onBack, onImport }: { preview: ImportPreview; pending: boolean; onBack: () => void; onImport: (choices: ImportChoices) => void }) {
  const [choices, setChoices] = useState<ImportChoices>(() => initialImportChoices(preview));
  const [picked, setPicked] = useState<Record<string, EntitySummary | null>>({});
  const { ambiguous, unmatched } = filmsToReview(preview);
  const plan = importPlan(preview, choices);
  const diaryRows = describeDiaryRows(preview);
  const choose = (key: string, movieId: string | null) => setChoices((current) => ({ ...current, [key]: movieId }));

  return (
    <div className="mt-6 grid gap-6" data-testid="import-review">
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        <CountTile label="Matched" value={preview.counts.matched} tone="text-live" />
        <CountTile label="Ambiguous" value={preview.counts.ambiguous} tone="text-amber-glow" />
        <CountTile label="Unmatched" value={preview.counts.unmatched} tone="text-scarlet" />
      </div>
      {preview.files.length > 0 && <p className="-mt-3 text-xs text-bone-500">Films, from {preview.files.map((file) => `${file.name} (${plural(file.rows, 'row')})`).join(', ')}.</p>}
      {diaryRows && (
        <p className="-mt-3 text-sm text-bone-300" data-testid="import-diary-rows">
          {diaryRows}
        </p>
      )}
      {preview.warningCount > 0 && (
        <details className="group rounded-2xl border border-amber-glow/30 bg-amber-glow/5 px-4 py-3 text-sm" data-testid="import-warnings">
          <summary className="cursor-pointer font-medium text-bone-100">
            {plural(preview.warningCount, 'row')} could not be read and will be left out
          </summary>
          <ul className="mt-2 grid max-h-40 gap-1 overflow-y-auto text-xs text-bone-300">
            {preview.warnings.map((warning) => (
              <li key={`${warning.file}:${warning.line}:${warning.message}`}>
                <span className="font-mono text-bone-400">
                  {warning.file}:{warning.line}
                </span>{' '}
                {warning.message}
              </li>
            ))}
            {preview.warningCount > preview.warnings.length && <li className="text-bone-500">…and {preview.warningCount - preview.warnings.length} more</li>}
          </ul>
        </details>
      )}

      {ambiguous.length > 0 && (
        <section aria-labelledby="import-ambiguous" className="grid gap-3">
          <h3 id="import-ambiguous" className="text-sm font-semibold uppercase tracking-[0.14em] text-bone-300">
            Which film did you mean?
          </h3>
          {ambiguous.map((film) => (
            <fieldset key={film.key} className="grid gap-2 rounded-2xl border border-ink-700 p-3.5">
              <legend className="sr-only">{filmLabel(film)}</legend>
              <FilmHeading film={film} />
              <div className="grid gap-1.5 sm:grid-cols-2">
                {film.candidates.map((candidate) => (
                  <label
                    key={candidate.movieId}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-xl border px-2.5 py-2 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-glow',
                      choices[film.key] === candidate.movieId ? 'border-amber-glow/60 bg-amber-glow/5' : 'border-ink-700 hover:border-ink-500',
                    )}
                  >
                    <input type="radio" name={`film-${film.key}`} className="accent-amber-glow" checked={choices[film.key] === candidate.movieId} onChange={() => choose(film.key, candidate.movieId)} />
                    <EntityImage entity={{ type: 'movie', name: candidate.title, poster_path: candidate.posterPath }} size="w92" compact className="h-12 w-8 shrink-0 rounded-md" alt="" />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-bone-50">{candidate.title}</span>
                      <span className="block text-xs text-bone-400">{candidate.year ?? 'Year unknown'}</span>
                    </span>
                  </label>
                ))}
                <label className={cn('flex cursor-pointer items-center gap-3 rounded-xl border px-2.5 py-2 text-sm transition-colors', choices[film.key] === null ? 'border-ink-500 bg-ink-800' : 'border-ink-700 hover:border-ink-500')}>
                  <input type="radio" name={`film-${film.key}`} className="accent-amber-glow" checked={choices[film.key] === null} onChange={() => choose(film.key, null)} />
                  <span className="text-bone-300">Skip this film</span>
                </label>
              </div>
            </fieldset>
          ))}
        </section>
      )}

      {unmatched.length > 0 && (
        <section aria-labelledby="import-unmatched" className="grid gap-3">
          <h3 id="import-unmatched" className="text-sm font-semibold uppercase tracking-[0.14em] text-bone-300">
            Not found in the catalog
          </h3>
          <p className="-mt-1 text-sm text-bone-400">These are skipped unless you search for the film they are.</p>
          <ul className="grid gap-2">
            {unmatched.map((film) => (
              <li key={film.key} className="grid gap-2 rounded-2xl border border-ink-700 p-3.5" data-testid="import-unmatched-film">
                <FilmHeading film={film}>
                  <span className={cn('text-xs font-medium', choices[film.key] ? 'text-live' : 'text-bone-500')}>{choices[film.key] ? `Importing as ${picked[film.key]?.name ?? 'the chosen film'}` : 'Skipped'}</span>
                </FilmHeading>
                <EntitySearchBox
                  label={`Find “${film.name}” in the catalog`}
                  hideLabel
                  placeholder={`Search the catalog for ${film.name}…`}
                  type="movie"
                  value={picked[film.key] ?? null}
                  onChange={(entity) => {
                    setPicked((current) => ({ ...current, [film.key]: entity }));
                    choose(film.key, entity?.id ?? null);
                  }}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="flex flex-col gap-3 border-t border-ink-700 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-bone-400">
          {plural(plan.importing, 'film')} to import{plan.skipping > 0 && `, ${plan.skipping} skipped`}.
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button variant="secondary" onClick={onBack} disabled={pending}>
            Choose another file
          </Button>
          <Button onClick={() => onImport(choices)} disabled={pending || plan.importing === 0}>
            {pending ? 'Importing…' : 'Import'}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** How reviews were imported: the server's rule (backend/src/features/diary/letterboxd-plan.ts). */
export const REVIEWS_RULE =
  'Each review went on your diary entry of the same film and watched date, never a second one; a review of a day your diary had no entry for was logged as one entry of that day, and a review without a watched date went to your reviews only.';

function DoneStep({ summary, hadReviews, onClose }: { summary: ImportSummary; hadReviews: boolean; onClose: () => void }) {
  const added: [string, number][] = [
    ['Diary entries', summary.added.diary],
    ['Ratings', summary.added.ratings],
    ['Watched', summary.added.watched],
    ['Watchlist', summary.added.watchlist],
    ['Reviews', summary.added.reviews],
  ];
  const total = added.reduce((sum, [, count]) => sum + count, 0);
  return (
    <div className="mt-6 grid gap-5" data-testid="import-summary">
      <p className="font-display text-2xl text-bone-50">{total > 0 ? `Imported ${plural(total, 'item')}` : 'Nothing new to import'}</p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {added.map(([label, count]) => (
          <div key={label} className="flex flex-col-reverse justify-end rounded-2xl border border-ink-700 bg-ink-950/40 px-3 py-2.5">
            <dt className="text-xs text-bone-400">{label}</dt>
            <dd className="font-display text-2xl tabular-nums text-bone-50">{count}</dd>
          </div>
        ))}
      </dl>
      {hadReviews && <p className="text-sm text-bone-300">{REVIEWS_RULE}</p>}
      {describeSkippedRows(summary).map((line) => (
        <p key={line} className="text-sm text-bone-400" data-testid="import-skipped">
          {line}
        </p>
      ))}
      <div className="flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  );
}
