import { ENTITY_TYPES, entityKey, parseEntityKey, SearchParametersSchema, type EntityKeyParts, type SearchParameters } from '@cinema-dna/shared-types';

/** An entity as a link names it: its type and its source's id. */
export type EntityRef = EntityKeyParts;

/** An entity key with its id URL-encoded, the colon kept readable. */
const linkKey = (ref: EntityRef) => entityKey(ref.type, encodeURIComponent(ref.id));

/** The shared link's path: `/connection?from=type:id&to=type:id` (colons kept readable). */
export function connectionLinkPath(from: EntityRef, to: EntityRef): string {
  return `/connection?from=${linkKey(from)}&to=${linkKey(to)}`;
}

/** Both ends of a shared link, or null when either is missing or malformed. */
export function parseConnectionLink(search: URLSearchParams): { from: EntityRef; to: EntityRef } | null {
  const from = parseEntityKey(search.get('from'));
  const to = parseEntityKey(search.get('to'));
  return from && to ? { from, to } : null;
}

/** The entity page of a step. */
export function entityPagePath(ref: EntityRef): string {
  return `/entity/${ref.type}/${encodeURIComponent(ref.id)}`;
}

/**
 * The result page's path: `/connection-result?from=type:id&to=type:id`, then only the parameters
 * that differ from the defaults (spec §9), so a reload or a bookmark runs the same search:
 * `maxDegrees=4`, `types=person,movie`, `direct=0`, `obscure=1`, `popularity=0`, `avoid=type:id` (repeated).
 */
export function connectionResultPath(from: EntityRef, to: EntityRef, parameters?: SearchParameters): string {
  const extra = new URLSearchParams();
  if (parameters) {
    const defaults = SearchParametersSchema.parse({});
    if (parameters.maxDegrees !== defaults.maxDegrees) extra.set('maxDegrees', String(parameters.maxDegrees));
    const types = ENTITY_TYPES.filter((type) => parameters.allowedTypes.includes(type));
    if (types.join() !== ENTITY_TYPES.filter((type) => defaults.allowedTypes.includes(type)).join()) extra.set('types', types.join(','));
    if (parameters.prioritizeDirectConnections !== defaults.prioritizeDirectConnections) extra.set('direct', parameters.prioritizeDirectConnections ? '1' : '0');
    if (parameters.includeObscureConnections !== defaults.includeObscureConnections) extra.set('obscure', parameters.includeObscureConnections ? '1' : '0');
    if (parameters.weightByPopularity !== defaults.weightByPopularity) extra.set('popularity', parameters.weightByPopularity ? '1' : '0');
    for (const avoided of parameters.avoid) extra.append('avoid', avoided);
  }
  const rest = extra.toString().replaceAll('%3A', ':').replaceAll('%2C', ',');
  return `/connection-result?from=${linkKey(from)}&to=${linkKey(to)}${rest ? `&${rest}` : ''}`;
}

export type ParsedResultLink = { ok: true; from: EntityRef; to: EntityRef; parameters: SearchParameters } | { ok: false; problem: string };

/** The result page's URL read back: both ends and the search parameters, or what is wrong with it. */
export function parseConnectionResultLink(search: URLSearchParams): ParsedResultLink {
  const from = parseEntityKey(search.get('from'));
  const to = parseEntityKey(search.get('to'));
  if (!search.get('from') || !search.get('to')) return { ok: false, problem: 'It does not name both ends of the connection.' };
  if (!from || !to) return { ok: false, problem: `${from ? 'The "to"' : 'The "from"'} entity is not of the form type:id, like person:tom-hanks.` };
  if (from.type === to.type && from.id === to.id) return { ok: false, problem: 'Both ends are the same entity.' };
  const flag = (name: string) => {
    const value = search.get(name);
    return value === null ? undefined : value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value;
  };
  const input: Record<string, unknown> = {
    maxDegrees: search.has('maxDegrees') ? Number(search.get('maxDegrees')) : undefined,
    allowedTypes: search.has('types') ? search.get('types')!.split(',').filter(Boolean) : undefined,
    prioritizeDirectConnections: flag('direct'),
    includeObscureConnections: flag('obscure'),
    weightByPopularity: flag('popularity'),
    avoid: search.getAll('avoid'),
  };
  const names: Record<string, string> = { maxDegrees: 'maxDegrees', allowedTypes: 'types', prioritizeDirectConnections: 'direct', includeObscureConnections: 'obscure', weightByPopularity: 'popularity', avoid: 'avoid' };
  const parsed = SearchParametersSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = names[String(issue.path[0])] ?? String(issue.path[0]);
    return { ok: false, problem: `Its "${field}" setting is not valid (${issue.message}).` };
  }
  return { ok: true, from, to, parameters: parsed.data };
}
