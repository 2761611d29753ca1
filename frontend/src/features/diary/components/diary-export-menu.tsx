import * as Popover from '@radix-ui/react-popover';
import { Download, FileJson, FileSpreadsheet } from 'lucide-react';
import { buttonClasses } from '../../../ui/button';
import { DIARY_EXPORT_CSV_PATH, MY_DATA_EXPORT_PATH } from '../api/import-letterboxd';

/** Export: the diary as a Letterboxd-importable CSV, or everything of yours as JSON (both are downloads the server names). */
export function DiaryExportMenu() {
  return (
    <Popover.Root>
      <Popover.Trigger className={buttonClasses('secondary', 'md')}>
        <Download aria-hidden className="size-4" />
        Export
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} collisionPadding={12} className="z-50 w-72 rounded-2xl border border-ink-600 bg-ink-850 p-2 shadow-[0_24px_60px_-12px_rgba(0,0,0,0.85)] data-[state=open]:animate-fade-in">
          <a href={DIARY_EXPORT_CSV_PATH} download className="flex items-start gap-3 rounded-xl px-3 py-2.5 transition-colors hover:bg-ink-800">
            <FileSpreadsheet aria-hidden className="mt-0.5 size-4 text-amber-glow" />
            <span>
              <span className="block text-sm font-medium text-bone-50">Letterboxd CSV</span>
              <span className="block text-xs text-bone-400">Your diary in Letterboxd’s import format</span>
            </span>
          </a>
          <a href={MY_DATA_EXPORT_PATH} download className="flex items-start gap-3 rounded-xl px-3 py-2.5 transition-colors hover:bg-ink-800">
            <FileJson aria-hidden className="mt-0.5 size-4 text-amber-glow" />
            <span>
              <span className="block text-sm font-medium text-bone-50">Download all my data (JSON)</span>
              <span className="block text-xs text-bone-400">Diary, watchlist, reviews and the rest of your account</span>
            </span>
          </a>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
