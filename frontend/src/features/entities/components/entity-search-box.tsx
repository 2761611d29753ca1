import type { EntitySummary, EntityType } from '@cinema-dna/shared-types';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../../lib/class-names';
import { prefersReducedMotion } from '../../../lib/prefers-reduced-motion';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { MIN_SEARCH_LENGTH, useEntitySearch } from '../api/search-entities';
import { describeEntity } from '../lib/entity-description';
import { EntityImage } from './entity-image';
import { EntityTypeIcon } from './entity-type-icon';

/** Suggestions open this long after the last keystroke (spec §4). */
export const TYPEAHEAD_DEBOUNCE_MS = 300;

/** Room kept between the suggestion list and the window's edges (px); the top one clears the sticky header. */
const VIEW_MARGIN = { top: 80, bottom: 12 };

/**
 * Where the open list goes so all of it is on screen: below the input, scrolling the page up just
 * enough when it would end below the window; above the input when the page cannot scroll that far
 * and there is more room above. `null` when it already fits.
 */
export function placeSuggestions(input: { top: number; bottom: number }, listHeight: number, viewport: { height: number; scrollRoom: number }): { scrollBy: number } | 'above' | null {
  const overflow = input.bottom + listHeight + VIEW_MARGIN.bottom - viewport.height;
  if (overflow <= 0) return null;
  // Scrolling must also leave the input itself below the header.
  const scrollable = Math.min(viewport.scrollRoom, input.top - VIEW_MARGIN.top);
  if (scrollable >= overflow) return { scrollBy: Math.ceil(overflow) };
  return input.top - VIEW_MARGIN.top > viewport.height - input.bottom ? 'above' : null;
}

export interface EntitySearchBoxProps {
  label: string;
  placeholder?: string;
  /** The chosen entity, or null. */
  value: EntitySummary | null;
  /** Called with the picked entity, and with null when the text is edited away from its name. */
  onChange: (entity: EntitySummary | null) => void;
  /** Restrict suggestions to one type. */
  type?: EntityType;
  hideLabel?: boolean;
  className?: string;
  /** Extra content beside the label (e.g. a hint). */
  labelAside?: ReactNode;
  inputId?: string;
}

/**
 * Typeahead over GET /api/search: suggestions 300 ms after typing from 2 characters, up/down/enter/escape,
 * closes on an outside click or a pick; editing the text away from the picked name clears the pick.
 */
export function EntitySearchBox({ label, placeholder = 'Search people, films, genres…', value, onChange, type, hideLabel, className, labelAside, inputId }: EntitySearchBoxProps) {
  const generatedId = useId();
  const id = inputId ?? `${generatedId}-input`;
  const listId = `${generatedId}-list`;
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);

  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  // The pick this box last showed. When the parent changes `value` (Clear, Swap, an example pair),
  // the text follows; when the user edits the text away, we clear the pick ourselves and keep the text.
  const [shownKey, setShownKey] = useState<string | null>(value?.key ?? null);
  const valueKey = value?.key ?? null;
  if (valueKey !== shownKey) {
    setShownKey(valueKey);
    setText(value?.name ?? '');
    setOpen(false);
    setActiveIndex(-1);
  }

  const debounced = useDebouncedValue(text.trim(), TYPEAHEAD_DEBOUNCE_MS);
  const typedEnough = text.trim().length >= MIN_SEARCH_LENGTH && debounced.length >= MIN_SEARCH_LENGTH;
  const showingPick = value !== null && text === value.name;
  const search = useEntitySearch({ q: debounced, type }, open && typedEnough && !showingPick);
  const results = search.data ?? [];
  const listOpen = open && typedEnough && !showingPick;

  // Keep the open list on screen (at 1280×800 the hero's inputs sit near the bottom of the window).
  // Measured after layout and applied to the DOM directly: where it goes depends on the page around it.
  const listHeight = listOpen ? results.length : -1;
  useLayoutEffect(() => {
    const popup = popupRef.current;
    if (!popup) return;
    // Closed: no measuring (reading a size forces a layout of the whole page, ~30 ms per box on a phone at start-up).
    if (listHeight < 0) {
      placePopup(popup, 'below');
      return;
    }
    const input = inputRef.current?.getBoundingClientRect();
    if (!input) return;
    if (popup.dataset.placement === 'above') return;
    const root = document.documentElement;
    // From the input's bottom edge to the list's, the gap between them included.
    const below = popup.getBoundingClientRect().bottom - input.bottom;
    const placement = placeSuggestions(input, below, { height: window.innerHeight, scrollRoom: root.scrollHeight - window.innerHeight - window.scrollY });
    if (placement === 'above') placePopup(popup, 'above');
    else if (placement) window.scrollBy({ top: placement.scrollBy, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [listHeight]);

  // Close on a press anywhere outside the box.
  useEffect(() => {
    if (!listOpen) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (containerRef.current && !containerRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [listOpen]);

  function pick(entity: EntitySummary) {
    setShownKey(entity.key);
    setText(entity.name);
    setOpen(false);
    setActiveIndex(-1);
    onChange(entity);
  }

  function handleTextChange(next: string) {
    setText(next);
    setOpen(true);
    setActiveIndex(-1);
    if (value && next !== value.name) {
      setShownKey(null);
      onChange(null);
    }
  }

  function clear() {
    handleTextChange('');
    inputRef.current?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!listOpen) {
          setOpen(true);
          return;
        }
        if (results.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((index) => (index + step + results.length) % results.length);
        return;
      }
      case 'Enter': {
        const entity = listOpen ? results[activeIndex] : undefined;
        if (entity) {
          event.preventDefault();
          pick(entity);
        }
        return;
      }
      case 'Escape':
        if (listOpen) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  }

  const activeId = listOpen && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined;

  return (
    <div ref={containerRef} className={cn('relative grid gap-1.5', className)}>
      <div className={cn('flex items-baseline justify-between gap-2', hideLabel && 'sr-only')}>
        <label htmlFor={id} className="text-xs font-semibold uppercase tracking-[0.18em] text-bone-400">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <span className="pointer-events-none absolute left-2 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center">
          {showingPick && value ? (
            <EntityImage entity={value} size="w92" compact className="size-8 rounded-lg" alt="" />
          ) : (
            <Search aria-hidden className="size-4 text-bone-500" />
          )}
        </span>
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={listId}
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={text}
          onChange={(event) => handleTextChange(event.target.value)}
          onKeyDown={handleKeyDown}
          onFocus={() => {
            if (!showingPick) setOpen(true);
          }}
          className={cn(
            'block h-13 w-full rounded-2xl border border-ink-600 bg-ink-950/70 pl-12 pr-11 text-[15px] text-bone-50 placeholder:text-bone-500 transition-colors duration-150',
            'hover:border-ink-500 focus:border-amber-glow/70 focus:outline-none focus:ring-2 focus:ring-amber-glow/25',
            showingPick && 'border-amber-glow/40 font-medium',
          )}
        />
        {text && (
          <button
            type="button"
            aria-label={`Clear ${label}`}
            onClick={clear}
            className="absolute right-2.5 top-1/2 -translate-y-1/2 rounded-full p-1.5 text-bone-500 transition-colors hover:bg-ink-700 hover:text-bone-100"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
      </div>
      {showingPick && value && <p className="sr-only">Selected: {value.name}, {describeEntity(value)}</p>}

      <div
        ref={popupRef}
        className={cn(
          'absolute left-0 right-0 top-full z-40 mt-2 overflow-hidden rounded-2xl border border-ink-600 bg-ink-850/98 shadow-[0_24px_60px_-12px_rgba(0,0,0,0.85)] backdrop-blur',
          !listOpen && 'hidden',
        )}
      >
        {/* Busy while the list still answers an earlier spelling of what is typed: its options are about to change. */}
        <ul id={listId} role="listbox" aria-label={`${label} suggestions`} aria-busy={listOpen && (search.isFetching || debounced !== text.trim())} className="max-h-60 overflow-y-auto overscroll-contain p-1.5">
          {listOpen &&
            results.map((entity, index) => (
              <li
                key={entity.key}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                aria-label={`${entity.name}, ${describeEntity(entity)}`}
                // Keep focus in the input so the pick does not blur it first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(entity)}
                onMouseMove={() => setActiveIndex(index)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl px-2.5 py-2 transition-colors',
                  index === activeIndex ? 'bg-ink-700/80' : 'hover:bg-ink-800',
                )}
              >
                <EntityTypeIcon type={entity.type} />
                <EntityImage entity={entity} size="w92" compact className={cn('shrink-0 rounded-md', entity.type === 'person' ? 'size-10 rounded-full' : 'h-12 w-8')} alt="" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-bone-50">
                    <Highlight text={entity.name} query={debounced} />
                  </span>
                  <span className="block truncate text-xs text-bone-400">{describeEntity(entity)}</span>
                </span>
              </li>
            ))}
        </ul>
        {listOpen && results.length === 0 && (
          <p role="status" className="px-4 pb-4 pt-1 text-sm text-bone-400">
            {search.isError ? 'Search is unavailable right now.' : search.isFetching || search.isPending ? 'Searching…' : `No matches for “${debounced}”.`}
          </p>
        )}
      </div>
    </div>
  );
}

/** Below the input (the default), or above it: just over the input, which is the box's last row (3.25rem tall). */
function placePopup(popup: HTMLElement, placement: 'below' | 'above'): void {
  popup.dataset.placement = placement;
  popup.style.top = placement === 'above' ? 'auto' : '';
  popup.style.bottom = placement === 'above' ? 'calc(3.25rem + 0.5rem)' : '';
}

/** The name with the typed part emphasised. */
function Highlight({ text, query }: { text: string; query: string }) {
  const at = query ? text.toLowerCase().indexOf(query.toLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="bg-transparent text-amber-soft">{text.slice(at, at + query.length)}</mark>
      {text.slice(at + query.length)}
    </>
  );
}
