import type { EntityKey, MovieCard, PersonCard } from '@cinema-dna/shared-types';
import { findEntityDetails, type StoredEntity } from '../../catalog/entity-store.js';
import { RELATIONSHIP_CODE, RELATIONSHIP_MASK, TYPE_CODE } from '../../graph/model.js';
import type { Graph } from '../../graph/snapshot.js';
import type { Db } from '../../platform/db/database.js';

const yearOf = (stored?: StoredEntity) => stored?.details.year ?? (stored?.details.release_date ? Number(stored.details.release_date.slice(0, 4)) || null : null);

/**
 * Cards as the Discovery page shows them: names, popularity and genres from the loaded graph, the
 * rest from the details store, one query per list (the films of a list and the people's known-for
 * films together).
 */
export function createCards(db: Db) {
  /** A movie's genres from its has_genre links, most popular first. */
  function genresOf(graph: Graph, node: number): MovieCard['genres'] {
    const genres: number[] = [];
    for (let position = graph.offsets[node]!; position < graph.offsets[node + 1]!; position++) {
      const genre = graph.neighbours[position]!;
      if ((graph.relations[position]! & RELATIONSHIP_MASK) === RELATIONSHIP_CODE.has_genre && graph.types[genre] === TYPE_CODE.genre && !genres.includes(genre)) genres.push(genre);
    }
    return genres.sort((a, b) => graph.popularity[b]! - graph.popularity[a]!).map((genre) => ({ id: graph.sourceId(genre), name: graph.name(genre) }));
  }

  function movieCard(graph: Graph, node: number, stored: StoredEntity | undefined): MovieCard {
    const details = stored?.details ?? {};
    return {
      id: graph.sourceId(node),
      key: graph.key(node),
      title: graph.name(node),
      posterPath: details.poster_path ?? null,
      voteAverage: details.vote_average ?? null,
      voteCount: details.vote_count === undefined ? null : Math.max(0, Math.round(details.vote_count)),
      popularity: Math.round(graph.popularity[node]! * 1000) / 1000,
      releaseDate: details.release_date ?? null,
      year: yearOf(stored),
      genres: genresOf(graph, node),
      overview: details.overview ?? null,
    };
  }

  /** Nodes of the keys the graph holds as `type` (others — a film of an earlier import — are left out). */
  const nodesOf = (graph: Graph, keys: readonly string[], type: number) =>
    keys.map((key) => ({ key, node: graph.resolve(key) })).filter((entry) => entry.node >= 0 && graph.types[entry.node] === type);

  return {
    /** Movie cards of `keys`, in their order, each with `extra(key)` merged in; keys the graph lacks are skipped. */
    async movies<Extra extends object = object>(graph: Graph, keys: readonly string[], extra?: (key: string) => Extra): Promise<Array<MovieCard & Extra>> {
      const found = nodesOf(graph, keys, TYPE_CODE.movie);
      const stored = await findEntityDetails(db, found.map((entry) => entry.key as EntityKey));
      return found.map(({ key, node }) => ({ ...movieCard(graph, node, stored.get(key as EntityKey)), ...(extra?.(key) ?? ({} as Extra)) }));
    },

    /** Person cards: department from the source, else from their credits (computed with the list). */
    async people(graph: Graph, entries: ReadonlyArray<{ key: string; knownFor: string[]; department: string | null }>): Promise<PersonCard[]> {
      const found = entries.map((entry) => ({ ...entry, node: graph.resolve(entry.key) })).filter((entry) => entry.node >= 0 && graph.types[entry.node] === TYPE_CODE.person);
      const films = found.flatMap((entry) => nodesOf(graph, entry.knownFor, TYPE_CODE.movie));
      const stored = await findEntityDetails(db, [...found.map((entry) => entry.key), ...films.map((film) => film.key)] as EntityKey[]);
      return found.map(({ key, node, knownFor, department }) => {
        const details = stored.get(key as EntityKey)?.details ?? {};
        return {
          id: graph.sourceId(node),
          key,
          name: graph.name(node),
          profilePath: details.profile_path ?? null,
          knownForDepartment: details.known_for_department ?? department,
          knownFor: nodesOf(graph, knownFor, TYPE_CODE.movie).map((film) => {
            const filmDetails = stored.get(film.key as EntityKey);
            return { id: graph.sourceId(film.node), key: film.key, title: graph.name(film.node), releaseDate: filmDetails?.details.release_date ?? null, year: yearOf(filmDetails) };
          }),
        };
      });
    },
  };
}
export type Cards = ReturnType<typeof createCards>;
