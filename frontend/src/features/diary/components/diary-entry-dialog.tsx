import { DIARY_LOCATION_MAX, DIARY_NOTES_MAX, DIARY_TEXTS, endSentence } from '@cinema-dna/shared-types';
import { Repeat } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { ApiRequestError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { CheckboxChip } from '../../../ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../ui/dialog';
import { Field, Input, Textarea } from '../../../ui/form-field';
import { SwitchField } from '../../../ui/switch';
import { toast } from '../../../ui/toast';
import { StarRatingInput } from '../../reviews';
import { useCreateDiaryEntry, useUpdateDiaryEntry } from '../api/write-diary-entry';
import { diaryCreateBody, diaryUpdateBody } from '../lib/diary-form';
import { diaryDialogState, resetDiaryDialog, updateDiaryForm } from '../store';
import { DiaryMoviePicker } from './diary-movie-picker';
import { WatchedDatePicker } from './watched-date-picker';

/** The spec's failure text, with the server's reason when it gave one for a refusal (400, 404). */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status < 500 && error.status !== 401 && error.serverMessage) return `${fallback} ${error.serverMessage}`;
  return fallback;
}

/**
 * Log a Movie / Edit Diary Entry (spec §2, §4, §5): movie, 1–5 stars, watched date, notes, location,
 * rewatch and private. Save creates or updates, then closes and resets; Cancel resets and forgets the
 * entry being edited; a failed save keeps everything typed.
 */
export function DiaryEntryDialog() {
  const { open, editing, form } = useSnapshot(diaryDialogState, { sync: true });
  const createMutation = useCreateDiaryEntry();
  const updateMutation = useUpdateDiaryEntry();
  const pending = createMutation.isPending || updateMutation.isPending;
  const ids = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const current = diaryDialogState.form;
    const entry = diaryDialogState.editing;
    if (entry) {
      const result = diaryUpdateBody(current, entry);
      if (!result.ok) return toast({ title: result.title, description: result.message, variant: 'destructive' });
      updateMutation.mutate(
        { entryId: entry.id, body: result.body },
        {
          onSuccess: () => {
            resetDiaryDialog();
            toast({ title: DIARY_TEXTS.updatedTitle, description: DIARY_TEXTS.updated });
          },
          onError: (error) => toast({ title: 'Error', description: failureText(error, DIARY_TEXTS.updateFailed), variant: 'destructive' }),
        },
      );
      return;
    }
    const result = diaryCreateBody(current);
    if (!result.ok) return toast({ title: result.title, description: result.message, variant: 'destructive' });
    createMutation.mutate(result.body, {
      onSuccess: () => {
        resetDiaryDialog();
        toast({ title: DIARY_TEXTS.loggedTitle, description: DIARY_TEXTS.logged });
      },
      onError: (error) => toast({ title: 'Error', description: failureText(error, DIARY_TEXTS.logFailed), variant: 'destructive' }),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing by the corner button, Escape or the backdrop is a Cancel.
        if (!next && !pending) resetDiaryDialog();
      }}
    >
      <DialogContent className="sm:max-w-lg" aria-describedby={`${ids}-description`}>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <div className="pr-6">
            <DialogTitle>{editing ? DIARY_TEXTS.editTitle : DIARY_TEXTS.newTitle}</DialogTitle>
            <DialogDescription id={`${ids}-description`}>{editing ? endSentence(`Change what you noted about ${editing.movieTitle}`) : 'Keep a record of a film you watched.'}</DialogDescription>
          </div>

          <DiaryMoviePicker value={form.movie} onChange={(movie) => updateDiaryForm({ movie: movie ? { ...movie } : null })} />

          <div className="grid gap-1.5">
            <span className="text-sm font-medium text-bone-100">
              Rating <span className="text-xs font-normal text-bone-500">Optional</span>
            </span>
            <StarRatingInput value={form.rating} onChange={(rating) => updateDiaryForm({ rating })} label="Rating" clearable />
          </div>

          <div className="grid gap-1.5">
            <label htmlFor={`${ids}-date`} className="text-sm font-medium text-bone-100">
              Watched on
            </label>
            <WatchedDatePicker id={`${ids}-date`} value={form.watchedDate} onChange={(watchedDate) => updateDiaryForm({ watchedDate })} />
          </div>

          <Field label="Notes" optional>
            {({ id, describedBy }) => (
              <Textarea id={id} aria-describedby={describedBy} className="min-h-24" maxLength={DIARY_NOTES_MAX} placeholder="What stayed with you?" value={form.notes} onChange={(event) => updateDiaryForm({ notes: event.target.value })} />
            )}
          </Field>

          <Field label="Location" optional>
            {({ id, describedBy }) => (
              <Input id={id} aria-describedby={describedBy} maxLength={DIARY_LOCATION_MAX} placeholder="Cinema, city, sofa…" value={form.location} onChange={(event) => updateDiaryForm({ location: event.target.value })} />
            )}
          </Field>

          <div className="grid gap-4 rounded-2xl border border-ink-700 bg-ink-950/30 p-4">
            <CheckboxChip checked={form.rewatch} onChange={(event) => updateDiaryForm({ rewatch: event.target.checked })} className="w-fit">
              <Repeat aria-hidden className="size-3.5" />
              Rewatch
            </CheckboxChip>
            <SwitchField label="Private" description="Only you see this entry" checked={form.isPrivate} onCheckedChange={(isPrivate) => updateDiaryForm({ isPrivate })} />
          </div>

          <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={resetDiaryDialog} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving…' : editing ? 'Save Changes' : 'Save Entry'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
