import type { DiaryEntry } from '@cinema-dna/shared-types';
import { proxy } from 'valtio';
import { diaryFormFromEntry, emptyDiaryForm, type DiaryFormValues } from './lib/diary-form';

interface DiaryDialogState {
  /** Spec §4: closed, open for a new entry, or open for editing `editing`. */
  open: boolean;
  editing: DiaryEntry | null;
  form: DiaryFormValues;
}

/** The Log a Movie / Edit Diary Entry dialog. */
export const diaryDialogState = proxy<DiaryDialogState>({ open: false, editing: null, form: emptyDiaryForm() });

/** Opens the dialog for a new entry, with the form as it was left (reset after a save or a cancel). */
export function openNewDiaryEntry(): void {
  if (diaryDialogState.editing) resetDiaryDialog();
  diaryDialogState.open = true;
}

/** Opens the dialog on an entry, the form filled from it. */
export function openDiaryEntryEditor(entry: DiaryEntry): void {
  diaryDialogState.editing = entry;
  diaryDialogState.form = diaryFormFromEntry(entry);
  diaryDialogState.open = true;
}

export function updateDiaryForm(patch: Partial<DiaryFormValues>): void {
  Object.assign(diaryDialogState.form, patch);
}

/** Closes the dialog, resets the form (empty, rating 0, rewatch false, date today) and forgets the entry being edited: after a save and on Cancel. */
export function resetDiaryDialog(): void {
  diaryDialogState.open = false;
  diaryDialogState.editing = null;
  diaryDialogState.form = emptyDiaryForm();
}
