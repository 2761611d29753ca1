import { DIARY_TEXTS } from '@cinema-dna/shared-types';
import { Clapperboard, FileUp, Plus, RotateCw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { RequireAuth } from '../../features/auth';
import { DiaryEntryDialog, DiaryEntryList, DiaryExportMenu, DiaryListSkeleton, LetterboxdImportDialog, filterEntriesByYear, openNewDiaryEntry, useDiary } from '../../features/diary';
import { ApiRequestError } from '../../lib/api-client';
import { plural } from '../../lib/number-format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { Input } from '../../ui/form-field';
import { PageContainer, PageHeader } from '../../ui/page-header';

function YearFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex items-end gap-2">
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-xs font-semibold uppercase tracking-[0.16em] text-bone-400">
          Filter by year
        </label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1870}
          max={9999}
          placeholder="e.g. 2024"
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 4))}
          className="w-36"
        />
      </div>
      <Button variant="ghost" onClick={() => onChange('')} disabled={!value} className="h-11">
        <X aria-hidden className="size-4" />
        Clear
      </Button>
    </div>
  );
}

function DiaryEmpty() {
  return (
    <div className="rounded-[1.75rem] border border-dashed border-ink-600 px-6 py-16 text-center" data-testid="diary-empty">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-amber-glow/10 ring-1 ring-inset ring-amber-glow/30">
        <Clapperboard aria-hidden className="size-6 text-amber-glow" strokeWidth={1.6} />
      </span>
      <h2 className="mt-5 font-display text-2xl font-medium text-bone-50">{DIARY_TEXTS.emptyTitle}</h2>
      <p className="mx-auto mt-2 max-w-sm text-bone-400">Every film you log lands here, grouped by the year you watched it.</p>
      <Button size="lg" className="mt-7" onClick={openNewDiaryEntry}>
        <Plus aria-hidden className="size-4" />
        {DIARY_TEXTS.emptyAction}
      </Button>
    </div>
  );
}

function DiaryContent() {
  const diary = useDiary();
  const [year, setYear] = useState('');

  if (diary.isError) {
    return (
      <div role="alert" className="rounded-2xl border border-scarlet/40 bg-scarlet/5 p-6">
        <p className="font-medium text-bone-50">Your diary could not be loaded.</p>
        <p className="mt-1 text-sm text-bone-400">{diary.error instanceof ApiRequestError ? diary.error.message : 'The server’s answer was not understood.'}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void diary.refetch()}>
          <RotateCw aria-hidden className="size-4" />
          Try again
        </Button>
      </div>
    );
  }
  if (!diary.data) return <DiaryListSkeleton />;
  if (diary.data.length === 0) return <DiaryEmpty />;

  const shown = filterEntriesByYear(diary.data, year);
  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <YearFilter value={year} onChange={setYear} />
        <p className="pb-3 text-sm text-bone-400" aria-live="polite">
          {year ? `${plural(shown.length, 'entry', 'entries')} in ${year}` : plural(diary.data.length, 'entry', 'entries')}
        </p>
      </div>
      {shown.length > 0 ? (
        <DiaryEntryList entries={shown} />
      ) : (
        <p className="rounded-2xl border border-ink-700 px-6 py-10 text-center text-bone-400" data-testid="diary-filter-empty">
          No entries match {year}.
        </p>
      )}
    </div>
  );
}

/** /diary (sign-in required): the film diary, the Log a Movie dialog, and Letterboxd import and export. */
export default function DiaryPage() {
  useDocumentTitle('Film Diary');
  const [importing, setImporting] = useState(false);
  return (
    <RequireAuth message={DIARY_TEXTS.signInRequired}>
      <PageContainer className="max-w-4xl">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <PageHeader eyebrow="Community" title="Film Diary" lead="Log what you watch, when and where, with a rating and a few words." />
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <Button onClick={openNewDiaryEntry}>
              <Plus aria-hidden className="size-4" />
              {DIARY_TEXTS.logButton}
            </Button>
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <FileUp aria-hidden className="size-4" />
              Import from Letterboxd
            </Button>
            <DiaryExportMenu />
          </div>
        </div>
        <div className="mt-10">
          <DiaryContent />
        </div>
        <DiaryEntryDialog />
        <LetterboxdImportDialog open={importing} onOpenChange={setImporting} />
      </PageContainer>
    </RequireAuth>
  );
}
