import { CARD_GENRES, type MovieCard as MovieCardData } from '@cinema-dna/shared-types';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '../../../lib/class-names';
import { EntityImage } from '../../entities';
import { WatchlistButtons } from '../../watchlist';
import { movieYear, ratingText, releaseDay } from '../lib/card-format';

/** The movie's entity page. */
export const moviePath = (movieId: string) => `/entity/movie/${encodeURIComponent(movieId)}`;

export type MovieCardLayout = 'poster' | 'wide';

interface MovieCardProps {
  movie: MovieCardData;
  /** 'poster': the poster above the text (the lists); 'wide': beside it, with room for a note (recommendations, picks). */
  layout?: MovieCardLayout;
  /** The release day instead of the year (Coming Soon). */
  showReleaseDay?: boolean;
  /** What the card adds to the facts: a recommendation's reason, the awards won, who watched it. */
  note?: ReactNode;
}

function Facts({ movie, showReleaseDay }: { movie: MovieCardData; showReleaseDay: boolean }) {
  const when = (showReleaseDay && releaseDay(movie.releaseDate)) || movieYear(movie);
  const rating = ratingText(movie.voteAverage);
  if (!when && !rating) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2.5 gap-y-1 text-xs text-bone-400 tabular-nums">
      {when && <span>{when}</span>}
      {rating && (
        <span className="inline-flex items-center gap-1" title={`Rated ${rating} out of 10`}>
          <Star aria-hidden className="size-3 fill-amber-glow text-amber-glow" />
          <span className="sr-only">Rating </span>
          {rating}
        </span>
      )}
    </p>
  );
}

/** Spec §9: two genres per card. */
function Genres({ movie }: { movie: MovieCardData }) {
  const genres = movie.genres.slice(0, CARD_GENRES);
  if (genres.length === 0) return null;
  return (
    <ul aria-label="Genres" className="mt-2 flex flex-wrap gap-1.5">
      {genres.map((genre) => (
        <li key={genre.id} className="rounded-full border border-ink-600 px-2 py-0.5 text-[11px] leading-4 text-bone-300">
          {genre.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec §3 movie card: poster (a placeholder without one), title, year, rating, two genres and the
 * overview; the poster and title open the movie's page, and the card offers Add to Watchlist.
 */
export function MovieCard({ movie, layout = 'poster', showReleaseDay = false, note }: MovieCardProps) {
  const path = moviePath(movie.id);
  const watchlist = <WatchlistButtons movie={{ movieId: movie.id, movieTitle: movie.title, posterPath: movie.posterPath }} variant="compact" className={layout === 'poster' ? 'absolute right-2 top-2' : 'mt-3'} />;
  const poster = (
    <Link to={path} tabIndex={-1} aria-hidden className="block">
      <EntityImage
        entity={{ type: 'movie', name: movie.title, poster_path: movie.posterPath }}
        size={layout === 'poster' ? 'w300' : 'w185'}
        alt=""
        className="aspect-[2/3] w-full rounded-xl shadow-[0_18px_40px_-24px_rgba(0,0,0,0.9)] transition-transform duration-200 group-hover:-translate-y-1"
      />
    </Link>
  );
  const title = (
    <h3 className={cn('font-medium leading-snug text-bone-50', layout === 'poster' ? 'mt-3 line-clamp-2 text-sm' : 'line-clamp-2 text-base')}>
      <Link to={path} className="hover:text-amber-soft focus-visible:text-amber-soft">
        {movie.title}
      </Link>
    </h3>
  );
  const overview = movie.overview && <p className={cn('mt-2 text-xs leading-relaxed text-bone-400', layout === 'poster' ? 'line-clamp-3' : 'line-clamp-3 sm:line-clamp-4')}>{movie.overview}</p>;

  if (layout === 'wide') {
    return (
      <article aria-label={movie.title} data-testid="movie-card" className="group flex h-full gap-4 rounded-2xl border border-ink-800 bg-ink-850/50 p-3 transition-colors hover:border-ink-600 sm:p-4">
        <div className="w-24 shrink-0 sm:w-28">{poster}</div>
        <div className="flex min-w-0 flex-1 flex-col">
          {title}
          <Facts movie={movie} showReleaseDay={showReleaseDay} />
          {note}
          <Genres movie={movie} />
          {overview}
          <div className="mt-auto">{watchlist}</div>
        </div>
      </article>
    );
  }
  return (
    <article aria-label={movie.title} data-testid="movie-card" className="group flex min-w-0 flex-col">
      <div className="relative">
        {poster}
        {watchlist}
      </div>
      {title}
      <Facts movie={movie} showReleaseDay={showReleaseDay} />
      {note}
      <Genres movie={movie} />
      {overview}
    </article>
  );
}

/** A card's highlighted line: the reason, the awards, the friends. */
export function CardNote({ icon: Icon, children, testId }: { icon: typeof Star; children: ReactNode; testId?: string }) {
  return (
    <p className="mt-2 flex items-start gap-1.5 text-xs font-medium leading-snug text-amber-soft" data-testid={testId}>
      <Icon aria-hidden className="mt-px size-3.5 shrink-0 text-amber-glow" />
      <span>{children}</span>
    </p>
  );
}
