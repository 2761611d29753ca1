import { type AttemptStatus, type ChallengeTheme } from '@cinema-dna/shared-types';
import { TYPE_CODE } from '../../graph/model.js';
import { stepRefusal, undoRefusal } from './chain-rules.js';
import { UNREACHED, type GameGraph, type GameLink, type NodeFilter } from './game-graph.js';

/**
 * The rules of play, pure (the chain's own rules, shared with races, live in chain-rules.ts): a pick or an undo applied to a chain, a whole chain checked link by link,
 * a hint. No clock and no storage here: the service owns those.
 */

/** What a theme asks of every entity of a chain (both ends always pass). */
export interface ThemeCheck {
  /** Whether an intermediate entity keeps the theme. */
  allows: NodeFilter;
  /** Why a pick that breaks it is refused ('Released outside the 2000s'). */
  reason: string;
  /** A 'through' theme's entity: the chain may reach the target only once it holds it. */
  through: number | null;
  throughName: string | null;
}

/** One challenge's rules over the loaded graph. */
export interface PlayRules {
  game: GameGraph;
  from: number;
  to: number;
  moveLimit: number;
  theme: ThemeCheck | null;
}

/** A chain as the rules see it: entity indices, `from` first, and the link that reached each (null first). */
export interface Chain {
  nodes: number[];
  links: Array<GameLink | null>;
}

export interface Play {
  chain: Chain;
  moves: number;
  status: AttemptStatus;
}

export interface PlayOutcome extends Play {
  accepted: boolean;
  /** Why the action was refused; null when accepted. */
  reason: string | null;
}

/**
 * The theme check of a stored theme. A decade needs the films' release years (`yearOf`; a film
 * without a known year is outside every decade).
 */
export function themeCheck(game: GameGraph, theme: ChallengeTheme | null, yearOf: (node: number) => number | null): ThemeCheck | null {
  if (!theme) return null;
  if (theme.kind === 'decade') {
    const movie = TYPE_CODE.movie;
    return {
      allows: (node) => {
        if (game.graph.types[node] !== movie) return true;
        const year = yearOf(node);
        return year !== null && year >= theme.fromYear && year <= theme.toYear;
      },
      reason: `Released outside the ${theme.label}`,
      through: null,
      throughName: null,
    };
  }
  const through = game.graph.resolve(theme.entity);
  return { allows: () => true, reason: '', through: through < 0 ? null : through, throughName: theme.label };
}

/** The filter searches use under a challenge's rules: the ends always pass, intermediates keep the theme. */
export function ruleFilter(rules: Pick<PlayRules, 'from' | 'to' | 'theme'>): NodeFilter | undefined {
  const theme = rules.theme;
  if (!theme) return undefined;
  return (node) => node === rules.from || node === rules.to || theme.allows(node);
}

const statusAfter = (rules: PlayRules, nodes: number[], moves: number): AttemptStatus => {
  if (nodes.at(-1) === rules.to) return 'solved';
  return moves >= rules.moveLimit ? 'out_of_moves' : 'playing';
};

/** Why `node` may not follow the chain's end, or null when it may (and the link that joins them); see chain-rules.ts. */
export function checkStep(rules: PlayRules, nodes: readonly number[], node: number): { reason: string; link: null } | { reason: null; link: GameLink } {
  const { game, theme } = rules;
  let link: GameLink | null = null;
  const reason = stepRefusal({
    chain: nodes,
    node,
    to: rules.to,
    linkRefusal: () => {
      const end = nodes.at(-1)!;
      link = game.graph.has(node) ? game.link(end, node) : null;
      return link ? null : `Not linked to ${game.graph.name(end)}`;
    },
    themeRefusal: () => {
      if (theme && node !== rules.to && node !== rules.from && !theme.allows(node)) return theme.reason;
      if (theme?.through !== null && theme?.through !== undefined && node === rules.to && !nodes.includes(theme.through)) {
        return `The chain must pass through ${theme.throughName ?? game.graph.name(theme.through)}`;
      }
      return null;
    },
  });
  return reason === null ? { reason: null, link: link! } : { reason, link: null };
}

/** A pick: accepted when linked to the chain's end (and within the theme); every pick costs a move. */
export function applyPick(rules: PlayRules, play: Play, node: number): PlayOutcome {
  const moves = play.moves + 1;
  const check = checkStep(rules, play.chain.nodes, node);
  if (check.reason !== null) {
    return { accepted: false, reason: check.reason, chain: play.chain, moves, status: statusAfter(rules, play.chain.nodes, moves) };
  }
  const chain = { nodes: [...play.chain.nodes, node], links: [...play.chain.links, check.link] };
  return { accepted: true, reason: null, chain, moves, status: statusAfter(rules, chain.nodes, moves) };
}

/** Undo: removes the last link and costs a move; with nothing to undo it is refused and costs nothing. */
export function applyUndo(rules: PlayRules, play: Play): PlayOutcome {
  const refusal = undoRefusal(play.chain.nodes.length);
  if (refusal !== null) return { accepted: false, reason: refusal, ...play };
  const moves = play.moves + 1;
  const chain = { nodes: play.chain.nodes.slice(0, -1), links: play.chain.links.slice(0, -1) };
  return { accepted: true, reason: null, chain, moves, status: statusAfter(rules, chain.nodes, moves) };
}

/** A whole chain checked link by link: the chain, or the first bad link (its index is the step it leaves). */
export function validateChain(rules: PlayRules, nodes: readonly number[]): { ok: true; chain: Chain } | { ok: false; index: number; reason: string } {
  if (nodes[0] !== rules.from) return { ok: false, index: 0, reason: `The chain must start at ${rules.game.graph.name(rules.from)}` };
  if (nodes.at(-1) !== rules.to) return { ok: false, index: nodes.length - 1, reason: `The chain must end at ${rules.game.graph.name(rules.to)}` };
  const chain: Chain = { nodes: [rules.from], links: [null] };
  for (let i = 1; i < nodes.length; i++) {
    const check = checkStep(rules, chain.nodes, nodes[i]!);
    if (check.reason !== null) return { ok: false, index: i - 1, reason: check.reason };
    chain.nodes.push(nodes[i]!);
    chain.links.push(check.link);
  }
  return { ok: true, chain };
}

/** Where the chain heads next: a 'through' theme's entity until the chain holds it, then the target. */
export function nextGoal(rules: Pick<PlayRules, 'to' | 'theme'>, nodes: readonly number[]): number {
  const through = rules.theme?.through ?? null;
  return through !== null && !nodes.includes(through) ? through : rules.to;
}

/**
 * A hint: the most popular neighbour of the chain's end one link closer to the next goal (so on an
 * optimal chain when the chain is on one; the best next step when it has wandered), not in the chain
 * and not hinted before. `distanceTo(goal)` gives the distances to a goal under the rules (cached by
 * the caller). Null when no step gets closer.
 */
export function hintFor(rules: PlayRules, nodes: readonly number[], hinted: ReadonlySet<number>, distanceTo: (goal: number) => Uint8Array): number | null {
  const { game } = rules;
  const end = nodes.at(-1)!;
  const dist = distanceTo(nextGoal(rules, nodes));
  const here = dist[end]!;
  if (here === UNREACHED || here === 0) return null;
  const filter = ruleFilter(rules);
  let best: number | null = null;
  let fallback: number | null = null;
  const popularity = game.graph.popularity;
  game.forEachNeighbour(
    end,
    (n) => {
      if (dist[n] !== here - 1 || nodes.includes(n)) return;
      if (fallback === null || popularity[n]! > popularity[fallback]!) fallback = n;
      if (!hinted.has(n) && (best === null || popularity[n]! > popularity[best]!)) best = n;
    },
    filter,
  );
  return best ?? fallback;
}

/** Up to `limit` optimal chains under the rules, most popular intermediates first. */
export function optimalChains(rules: PlayRules, limit: number, distanceTo: (goal: number) => Uint8Array): number[][] {
  const { game, from, to } = rules;
  const filter = ruleFilter(rules);
  const through = rules.theme?.through ?? null;
  if (through === null) return game.shortestChains(from, distanceTo(to), limit, filter);
  // Through an entity: an optimal chain to it, then one from it to the target, without a repeat.
  const chains: number[][] = [];
  const firsts = game.shortestChains(from, distanceTo(through), limit, filter);
  const seconds = game.shortestChains(through, distanceTo(to), limit, filter);
  for (const first of firsts) {
    for (const second of seconds) {
      const chain = [...first, ...second.slice(1)];
      if (new Set(chain).size === chain.length) chains.push(chain);
      if (chains.length >= limit) return chains;
    }
  }
  return chains;
}
