import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { realtimeState } from '../../features/realtime';
import { BrandMark } from './brand-mark';
import { FOOTER_GROUPS } from './nav-items';

/** "N online" from the server's presence broadcast; nothing while the count is unknown. */
function PresenceCount() {
  const { online } = useSnapshot(realtimeState);
  if (online === null) return null;
  return (
    <span className="inline-flex items-center gap-2 text-xs text-bone-500" aria-live="polite" data-testid="presence-count">
      <span className="relative flex size-2">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-live/60 motion-reduce:animate-none" />
        <span className="relative inline-flex size-2 rounded-full bg-live" />
      </span>
      {online} online
    </span>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-ink-800 bg-ink-950">
      <div className="mx-auto max-w-7xl px-4 pb-10 pt-14 sm:px-6 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-[1.2fr_2fr]">
          <div className="max-w-sm">
            <BrandMark />
            <p className="mt-4 text-sm leading-relaxed text-bone-400">
              Pick any two names from the movies and follow the chain of links between them, within six degrees.
            </p>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-4">
            {FOOTER_GROUPS.map((group) => (
              <div key={group.title}>
                <h2 className="text-xs font-semibold uppercase tracking-[0.18em] text-bone-500">{group.title}</h2>
                <ul className="mt-4 grid gap-2.5">
                  {group.items.map((item) => (
                    <li key={item.to}>
                      <Link to={item.to} className="text-sm text-bone-300 transition-colors hover:text-amber-soft">
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-14 grid gap-4 border-t border-ink-800 pt-8 text-xs leading-relaxed text-bone-500">
          <p>This product uses the TMDB API but is not endorsed or certified by TMDB.</p>
          <p>
            Information courtesy of IMDb (
            <a href="https://www.imdb.com" className="underline decoration-ink-600 underline-offset-2 hover:text-bone-300" rel="noreferrer" target="_blank">
              https://www.imdb.com
            </a>
            ). Used with permission.
          </p>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
            <span>© {new Date().getFullYear()} Cinema DNA</span>
            <PresenceCount />
          </div>
        </div>
      </div>
    </footer>
  );
}
