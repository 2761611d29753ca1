import { KNOWN_FOR_TITLES, type PersonCard as PersonCardData } from '@cinema-dna/shared-types';
import { Link } from 'react-router-dom';
import { EntityImage } from '../../entities';
import { movieYear } from '../lib/card-format';
import { moviePath } from './movie-card';

/** The person's entity page. */
export const personPath = (personId: string) => `/entity/person/${encodeURIComponent(personId)}`;

/** Spec §3 person card: photo (a placeholder without one), name, department and two known-for titles, each a link. */
export function PersonCard({ person }: { person: PersonCardData }) {
  const path = personPath(person.id);
  const knownFor = person.knownFor.slice(0, KNOWN_FOR_TITLES);
  return (
    <article aria-label={person.name} data-testid="person-card" className="group flex min-w-0 flex-col">
      <Link to={path} tabIndex={-1} aria-hidden className="block">
        <EntityImage
          entity={{ type: 'person', name: person.name, profile_path: person.profilePath }}
          size="w185"
          alt=""
          className="aspect-[2/3] w-full rounded-xl shadow-[0_18px_40px_-24px_rgba(0,0,0,0.9)] transition-transform duration-200 group-hover:-translate-y-1"
        />
      </Link>
      <h3 className="mt-3 line-clamp-2 text-sm font-medium leading-snug text-bone-50">
        <Link to={path} className="hover:text-amber-soft focus-visible:text-amber-soft">
          {person.name}
        </Link>
      </h3>
      {person.knownForDepartment && <p className="mt-0.5 text-xs text-bone-400">{person.knownForDepartment}</p>}
      {knownFor.length > 0 && (
        <ul aria-label={`${person.name} is known for`} className="mt-2 grid gap-1 text-xs">
          {knownFor.map((film) => {
            const year = movieYear(film);
            return (
              <li key={film.key} className="line-clamp-2 text-bone-300">
                <Link to={moviePath(film.id)} className="underline decoration-ink-600 underline-offset-2 hover:text-amber-soft hover:decoration-amber-glow">
                  {film.title}
                </Link>
                {year && <span className="text-bone-500"> ({year})</span>}
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}
