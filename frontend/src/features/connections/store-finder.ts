import type { EntitySummary, SearchParameters } from '@cinema-dna/shared-types';
import { connectionsState, defaultSearchParameters, plainCopy } from './store-state';

// The finder: the two entities chosen and the search settings (avoided entities included).

// ---------- finder ----------

export function setFromEntity(entity: EntitySummary | null): void {
  connectionsState.from = entity ? plainCopy(entity) : null;
}

export function setToEntity(entity: EntitySummary | null): void {
  connectionsState.to = entity ? plainCopy(entity) : null;
}

/** Sets both ends at once (example pairs, trending cards). */
export function setPair(from: EntitySummary, to: EntitySummary): void {
  connectionsState.from = plainCopy(from);
  connectionsState.to = plainCopy(to);
}

export function swapEntities(): void {
  const { from, to } = connectionsState;
  connectionsState.from = to;
  connectionsState.to = from;
}

export function updateParameters(patch: Partial<SearchParameters>): void {
  Object.assign(connectionsState.parameters, patch);
}

export function resetParameters(): void {
  connectionsState.parameters = defaultSearchParameters();
  connectionsState.avoidNames = {};
}

/** Leaves `entity` out of the next searches ("avoid this entity and search again"). */
export function avoidEntity(entity: Pick<EntitySummary, 'key' | 'name'>): void {
  const avoid = connectionsState.parameters.avoid;
  if (!avoid.includes(entity.key)) avoid.push(entity.key);
  connectionsState.avoidNames[entity.key] = entity.name;
}

export function unavoidEntity(key: string): void {
  connectionsState.parameters.avoid = connectionsState.parameters.avoid.filter((k) => k !== key);
  delete connectionsState.avoidNames[key];
}

/** Why a pair cannot be searched: nothing chosen, or the same entity twice. */
export function pairProblem(from: EntitySummary | null, to: EntitySummary | null): 'missing' | 'same' | null {
  if (!from || !to) return 'missing';
  if (from.type === to.type && from.id === to.id) return 'same';
  return null;
}
