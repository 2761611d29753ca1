import type { ConnectionResult } from '@cinema-dna/shared-types';
import { ArrowLeftRight, LoaderCircle, Settings2, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { EntitySearchBox } from '../../entities';
import { Button } from '../../../ui/button';
import { cn } from '../../../lib/class-names';
import { connectionsState, setFromEntity, setToEntity, swapEntities, type SearchRun } from '../store';
import { useFindFromPicks } from './connection-finder';
import { ResultStats } from './result-stats';
import { SearchSettings } from './search-settings';
import { SearchStage } from './lazy-search-stage';
import { ShareDialog } from './share-dialog';

/** Home runs show their stats here whichever finder started them. */
const HOME_ORIGINS = new Set(['finder', 'advanced']);

/** Advanced Connection Discovery: pickers with Swap, the search parameters, result stats and Share Discovery. */
export function AdvancedPanel() {
  const { from, to, run } = useSnapshot(connectionsState);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const find = useFindFromPicks('advanced');
  const homeRun = run && HOME_ORIGINS.has(run.origin) ? (run as SearchRun) : null;
  const settled = homeRun && homeRun.phase !== 'searching' ? homeRun : null;
  const result = (settled?.result ?? null) as ConnectionResult | null;
  const finding = run?.phase === 'searching';
  const shareable = settled && result?.found && result.degrees !== null ? { run: settled, degrees: result.degrees, path: result.path } : null;

  return (
    <div className="grid gap-6 rounded-[1.75rem] border border-ink-700 bg-ink-850/70 p-5 sm:p-7">
      <div className="grid items-end gap-3 md:grid-cols-[1fr_auto_1fr]">
        <EntitySearchBox label="From" value={from} onChange={setFromEntity} placeholder="Starting entity" />
        <Button variant="secondary" size="icon" aria-label="Swap" title="Swap From and To" onClick={swapEntities} className="mx-auto mb-1.5 md:mb-1.5">
          <ArrowLeftRight aria-hidden className="size-4" />
        </Button>
        <EntitySearchBox label="To" value={to} onChange={setToEntity} placeholder="Ending entity" />
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={find} disabled={!from || !to || finding}>
          {finding && <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />}
          {finding ? 'Finding Connection...' : 'Find Connection'}
        </Button>
        <Button variant="secondary" aria-expanded={settingsOpen} aria-controls="advanced-settings" onClick={() => setSettingsOpen((open) => !open)}>
          <Settings2 aria-hidden className={cn('size-4 transition-transform', settingsOpen && 'rotate-90')} />
          Settings
        </Button>
        <Button variant="ghost" disabled={!shareable} onClick={() => setShareOpen(true)} className="sm:ml-auto">
          <Share2 aria-hidden className="size-4" />
          Share Discovery
        </Button>
      </div>

      {settingsOpen && (
        <div id="advanced-settings">
          <SearchSettings />
        </div>
      )}

      <ResultStats result={result} />

      <SearchStage origin="advanced" />

      {shareable && shareOpen && (
        <ShareDialog open={shareOpen} onOpenChange={setShareOpen} from={shareable.run.from} to={shareable.run.to} degrees={shareable.degrees} path={shareable.path} />
      )}
    </div>
  );
}
