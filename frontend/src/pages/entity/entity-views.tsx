import type { EntityDetail } from '@cinema-dna/shared-types';
import { Calendar, ChevronDown, Clock, MapPin, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EntityImage, EntityTypeIcon, entityKindLabel, formatDate, formatRating, formatRuntime, useEntityFilms } from '../../features/entities';
import { WatchlistButtons } from '../../features/watchlist';
import { plural } from '../../lib/number-format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';

/** Spec §9 limits of the entity page. */
export const KNOWN_FOR_LIMIT = 8;
export const CAST_LIMIT = 12;
export const CREW_LIMIT = 8;
const CREW_JOBS = /^(director|producer|writer|composer|screenplay|original music composer)$/i;

const entityPath = (type: string, id: string) => `/entity/${type}/${encodeURIComponent(id)}`;

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // dt and dd directly in the group (a valid <dl>); the icon hangs in the group's left padding.
    <div className="pl-7">
      <dt className="relative text-[11px] font-semibold uppercase tracking-[0.16em] text-bone-500">
        <span aria-hidden className="absolute -left-7 top-0.5 text-amber-glow">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 text-bone-100">{children}</dd>
    </div>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return <h2 className="font-display text-2xl font-medium tracking-tight text-bone-50">{children}</h2>;
}

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="grid max-w-3xl gap-4 leading-relaxed text-bone-300">
      {text
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
    </div>
  );
}

/** Person: photo, department, birthday, birthplace, subtype, biography, up to 8 known-for films. */
export function PersonView({ entity }: { entity: EntityDetail }) {
  const knownFor = entity.filmography.slice(0, KNOWN_FOR_LIMIT);
  const birthday = formatDate(entity.birthday);
  return (
    <>
      <div className="flex flex-col gap-8 md:flex-row md:gap-12">
        <EntityImage entity={entity} size="w300" className="aspect-[2/3] w-48 shrink-0 rounded-2xl shadow-[0_30px_60px_-30px_rgba(0,0,0,0.9)] sm:w-56 md:w-64" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="amber">
              <EntityTypeIcon type="person" className="size-3" />
              {entityKindLabel(entity)}
            </Badge>
            {entity.known_for_department && <Badge tone="outline">Known for {entity.known_for_department}</Badge>}
          </div>
          <h1 className="mt-4 font-display text-4xl font-medium leading-[1.05] tracking-tight text-bone-50 sm:text-6xl">{entity.name}</h1>
          <dl className="mt-7 grid gap-5 sm:grid-cols-2">
            {birthday && (
              <Fact icon={<Calendar className="size-4" />} label="Born">
                {birthday}
              </Fact>
            )}
            {entity.place_of_birth && (
              <Fact icon={<MapPin className="size-4" />} label="Birthplace">
                {entity.place_of_birth}
              </Fact>
            )}
          </dl>
          <div className="mt-7">
            {entity.biography ? <Paragraphs text={entity.biography} /> : <p className="text-bone-500">No biography yet. {plural(entity.connectionCount, 'link')} connect {entity.name} to the rest of the graph.</p>}
          </div>
        </div>
      </div>
      {knownFor.length > 0 && (
        <section className="mt-14">
          <Heading>Known For</Heading>
          <ul className="mt-6 grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 lg:grid-cols-8">
            {knownFor.map((film) => (
              <li key={film.key} className="relative" data-testid="movie-card">
                <Link to={entityPath('movie', film.id)} className="group block">
                  <EntityImage entity={{ type: 'movie', name: film.title, poster_path: film.poster_path }} size="w185" className="aspect-[2/3] w-full rounded-xl transition-transform duration-200 group-hover:-translate-y-1" />
                  <p className="mt-2 line-clamp-2 text-sm font-medium leading-snug text-bone-100 group-hover:text-amber-soft">{film.title}</p>
                  <p className="truncate text-xs text-bone-500">{[film.year, film.character ? `as ${film.character}` : film.job].filter(Boolean).join(' · ')}</p>
                </Link>
                <WatchlistButtons movie={{ movieId: film.id, movieTitle: film.title, posterPath: film.poster_path }} variant="compact" className="absolute right-1.5 top-1.5" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** Movie: poster, year, runtime, rating, genres, overview, up to 12 cast and 8 key crew. */
export function MovieView({ entity }: { entity: EntityDetail }) {
  const runtime = formatRuntime(entity.runtime);
  const rating = formatRating(entity.vote_average, entity.vote_count);
  const cast = entity.cast.slice(0, CAST_LIMIT);
  const crew = entity.crew.filter((member) => CREW_JOBS.test(member.job)).slice(0, CREW_LIMIT);
  return (
    <>
      <div className="flex flex-col gap-8 md:flex-row md:gap-12">
        <EntityImage entity={entity} size="w500" className="aspect-[2/3] w-48 shrink-0 rounded-2xl shadow-[0_30px_60px_-30px_rgba(0,0,0,0.9)] sm:w-56 md:w-64" />
        <div className="min-w-0 flex-1">
          <Badge tone="amber">
            <EntityTypeIcon type="movie" className="size-3" />
            Movie
          </Badge>
          <h1 className="mt-4 font-display text-4xl font-medium leading-[1.05] tracking-tight text-bone-50 sm:text-6xl">{entity.name}</h1>
          <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-2 text-bone-300">
            {entity.year && (
              <span className="inline-flex items-center gap-1.5">
                <Calendar aria-hidden className="size-4 text-amber-glow" />
                {entity.year}
              </span>
            )}
            {runtime && (
              <span className="inline-flex items-center gap-1.5">
                <Clock aria-hidden className="size-4 text-amber-glow" />
                {runtime}
              </span>
            )}
            {rating && (
              <span className="inline-flex items-center gap-1.5">
                <Star aria-hidden className="size-4 fill-amber-glow text-amber-glow" />
                {rating}
              </span>
            )}
          </div>
          <WatchlistButtons movie={{ movieId: entity.id, movieTitle: entity.name, posterPath: entity.poster_path }} className="mt-6" />
          {entity.genres.length > 0 && (
            <ul className="mt-5 flex flex-wrap gap-2" aria-label="Genres">
              {entity.genres.map((genre) => (
                <li key={genre.id}>
                  <Link to={entityPath('genre', genre.id)} className="inline-flex rounded-full border border-ink-600 px-3 py-1 text-sm text-bone-200 transition-colors hover:border-amber-glow/60 hover:text-bone-50">
                    {genre.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-7">{entity.overview ? <Paragraphs text={entity.overview} /> : <p className="text-bone-500">No overview yet.</p>}</div>
          {crew.length > 0 && (
            <dl className="mt-8 grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4">
              {crew.map((member) => (
                <div key={`${member.key}-${member.job}`}>
                  <dt className="text-[11px] font-semibold uppercase tracking-[0.16em] text-bone-500">{member.job}</dt>
                  <dd className="mt-0.5">
                    <Link to={entityPath('person', member.id)} className="text-bone-100 hover:text-amber-soft">
                      {member.name}
                    </Link>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
      {cast.length > 0 && (
        <section className="mt-14">
          <Heading>Cast</Heading>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {cast.map((member) => (
              <li key={member.key}>
                <Link to={entityPath('person', member.id)} className="group flex items-center gap-3 rounded-2xl border border-ink-800 bg-ink-850/50 p-2.5 transition-colors hover:border-amber-glow/40">
                  <EntityImage entity={{ type: 'person', name: member.name, profile_path: member.profile_path }} size="w92" className="size-12 shrink-0 rounded-full" />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-bone-50 group-hover:text-amber-soft">{member.name}</p>
                    {member.character && <p className="truncate text-xs text-bone-500">{member.character}</p>}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** Genre, keyword, company, collection, award, location: icon, name, type badge, overview, and their films. */
export function OtherView({ entity }: { entity: EntityDetail }) {
  return (
    <>
      <div className="flex flex-col gap-8 md:flex-row md:items-center md:gap-12">
        <EntityImage entity={entity} size="w300" className="size-40 shrink-0 rounded-3xl sm:size-48" />
        <div className="min-w-0 flex-1">
          <Badge tone="amber">
            <EntityTypeIcon type={entity.type} className="size-3" />
            {entityKindLabel(entity)}
          </Badge>
          <h1 className="mt-4 font-display text-4xl font-medium leading-[1.05] tracking-tight text-bone-50 sm:text-6xl">{entity.name}</h1>
          {entity.country && <p className="mt-3 text-bone-400">{entity.country}</p>}
          {entity.overview && (
            <div className="mt-6">
              <Paragraphs text={entity.overview} />
            </div>
          )}
        </div>
      </div>
      <FilmsSection entity={entity} />
    </>
  );
}

/** The films an entity links to, best known first, 24 at a time with "Show more films" under them. */
function FilmsSection({ entity }: { entity: EntityDetail }) {
  const films = useEntityFilms(entity.type, entity.id);
  const pages = films.data?.pages ?? [];
  const shown = pages.flatMap((page) => page.films);
  const total = pages[0]?.total ?? 0;
  return (
    <section className="mt-14" aria-labelledby="entity-films">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Heading>
          <span id="entity-films">Films</span>
        </Heading>
        {films.isSuccess && <p className="text-sm text-bone-500">{total === 0 ? 'No films yet' : `${shown.length.toLocaleString('en-US')} of ${plural(total, 'film')}, best known first`}</p>}
      </div>
      {films.isPending ? (
        <ul className="mt-6 grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 lg:grid-cols-8" aria-hidden>
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i}>
              <Skeleton className="aspect-[2/3] w-full rounded-xl" />
            </li>
          ))}
        </ul>
      ) : films.isError && shown.length === 0 ? (
        <div className="mt-6 flex flex-wrap items-center gap-3 text-bone-400">
          <p>The films could not be loaded right now.</p>
          <Button size="sm" variant="secondary" onClick={() => void films.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <ul className="mt-6 grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 lg:grid-cols-8" aria-label={`Films of ${entity.name}`}>
            {shown.map((film) => (
              <li key={film.key} className="relative" data-testid="movie-card">
                <Link to={entityPath('movie', film.id)} className="group block">
                  <EntityImage entity={{ type: 'movie', name: film.title, poster_path: film.poster_path }} size="w185" className="aspect-[2/3] w-full rounded-xl transition-transform duration-200 group-hover:-translate-y-1" />
                  <p className="mt-2 line-clamp-2 text-sm font-medium leading-snug text-bone-100 group-hover:text-amber-soft">{film.title}</p>
                  <p className="truncate text-xs text-bone-500">{[film.year, film.vote_average !== null ? `★ ${film.vote_average.toFixed(1)}` : null].filter(Boolean).join(' · ')}</p>
                </Link>
                <WatchlistButtons movie={{ movieId: film.id, movieTitle: film.title, posterPath: film.poster_path }} variant="compact" className="absolute right-1.5 top-1.5" />
              </li>
            ))}
          </ul>
          {films.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <Button variant="secondary" onClick={() => void films.fetchNextPage()} disabled={films.isFetchingNextPage}>
                <ChevronDown aria-hidden className="size-4" />
                {films.isFetchingNextPage ? 'Loading films…' : 'Show more films'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
