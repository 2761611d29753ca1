export { useDiary } from './api/get-diary';
export { DIARY_EXPORT_CSV_PATH, MY_DATA_EXPORT_PATH } from './api/import-letterboxd';
export { DiaryEntryDialog } from './components/diary-entry-dialog';
export { DiaryEntryList, DiaryListSkeleton, DIARY_SKELETON_ROWS } from './components/diary-entry-list';
export { DiaryExportMenu } from './components/diary-export-menu';
export { LetterboxdImportDialog } from './components/letterboxd-import-dialog';
export { filterEntriesByYear, groupEntriesByYear } from './lib/diary-years';
export { diaryDialogState, openDiaryEntryEditor, openNewDiaryEntry, resetDiaryDialog } from './store';
