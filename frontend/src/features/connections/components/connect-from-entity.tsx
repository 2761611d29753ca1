import type { EntitySummary } from '@cinema-dna/shared-types';
import { ArrowRight, LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { EntitySearchBox } from '../../entities';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { useConnectionSearch } from '../hooks/use-connection-search';
import { connectionsState, pairProblem } from '../store';
import { SearchStage } from './lazy-search-stage';

/** The entity page's failure title (spec §8). */
export const ENTITY_SEARCH_FAILED_TITLE = 'Connection Search Failed';

/** Find Connections on an entity page: a 'Connect to' picker that runs a live search from this entity. */
export function ConnectFromEntity({ entity }: { entity: EntitySummary }) {
  const origin = `entity:${entity.key}`;
  const [target, setTarget] = useState<EntitySummary | null>(null);
  const { run } = useSnapshot(connectionsState);
  const search = useConnectionSearch(origin);
  const finding = run?.origin === origin && run.phase === 'searching';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = pairProblem(entity, target);
    if (problem === 'same') {
      toast({ title: 'Same Entity Selected', description: 'Please select two different entities to find a connection.', variant: 'destructive' });
      return;
    }
    if (!target) return;
    search.run(entity, target, { failureTitle: ENTITY_SEARCH_FAILED_TITLE });
  }

  return (
    <div className="grid gap-8">
      <form onSubmit={handleSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={`Connect ${entity.name} to another entity`}>
        <EntitySearchBox label="Connect to" value={target} onChange={setTarget} placeholder="Anyone or anything in cinema…" className="flex-1" />
        <Button type="submit" size="lg" disabled={!target || finding}>
          {finding && <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />}
          {finding ? 'Finding Connection...' : 'Find Connection'}
          {!finding && <ArrowRight aria-hidden className="size-4" />}
        </Button>
      </form>
      <SearchStage
        origin={origin}
        onReset={() => {
          setTarget(null);
          search.cancel();
        }}
      />
    </div>
  );
}
