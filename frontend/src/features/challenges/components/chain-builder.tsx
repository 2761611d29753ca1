import type { ChainStep, EntitySummary } from '@cinema-dna/shared-types';
import { CircleAlert, Flag, Lightbulb, Link2, Timer, Undo2, Footprints } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../../lib/class-names';
import { plural } from '../../../lib/number-format';
import { Button } from '../../../ui/button';
import { LiveRegion, useAnnouncer } from '../../../ui/live-region';
import { EntitySearchBox } from '../../entities';
import { formatCountdown } from '../lib/countdown-format';
import { ChainSteps } from './chain-steps';
import { EntityChip } from './entity-chip';
import { StatTile } from './stat-tile';

export interface ChainBuilderProps {
  from: EntitySummary;
  to: EntitySummary;
  par: number | null;
  chain: readonly ChainStep[];
  /** Milliseconds left on the server's clock (corrected for this browser's offset); null before it is known. */
  timeLeftMs: number | null;
  moves: number;
  /** Wrong picks and undos allowed; null when there is no limit (races). */
  moveLimit: number | null;
  /** A call is in flight: the pick being checked, or another action. */
  pendingPick: EntitySummary | null;
  busy: boolean;
  /** Why the last pick was refused (it cost a move). */
  refusal: string | null;
  error: string | null;
  onPick: (entity: EntitySummary) => void;
  onUndo: () => void;
  onGiveUp: () => void;
  /** Hints (challenges only): the cost in points, the entities revealed so far, and the action. */
  hint?: { cost: number; rewarded: boolean; revealed: readonly EntitySummary[]; onHint: () => void; pending: boolean };
  /** Extra line over the chain (a theme rule, an archive note). */
  note?: ReactNode;
  /** Take the focus into the typeahead when it appears and nothing has the focus (a race's start: the Start button is gone). */
  focusWhenIdle?: boolean;
}

/**
 * The chain builder: the pair, the server's countdown and the moves left, the chain so far as step cards,
 * the typeahead for the next entity, and Undo / Hint / Give up. The server checks every pick; while it
 * does, the pick shows as pending and the controls wait.
 */
/** The countdown's last seconds said aloud: ten, then five to one (not every second). */
const SPOKEN_SECONDS = new Set([10, 5, 4, 3, 2, 1]);

export function ChainBuilder(props: ChainBuilderProps) {
  const { from, to, par, chain, timeLeftMs, moves, moveLimit, pendingPick, busy, refusal, error, onPick, onUndo, onGiveUp, hint, note, focusWhenIdle = false } = props;
  const inputId = useId();
  useEffect(() => {
    if (focusWhenIdle && (document.activeElement === null || document.activeElement === document.body)) document.getElementById(inputId)?.focus();
  }, [focusWhenIdle, inputId]);
  const [confirmGiveUp, setConfirmGiveUp] = useState(false);
  const current = chain[chain.length - 1]?.entity ?? from;
  const links = Math.max(0, chain.length - 1);
  const movesLeft = moveLimit === null ? null : Math.max(0, moveLimit - moves);
  const lowTime = timeLeftMs !== null && timeLeftMs <= 30_000;

  // What changes live, said through this screen's one polite region: a move accepted or refused, an undo, the last seconds.
  const { message, announce } = useAnnouncer();
  const chainLength = useRef(chain.length);
  useEffect(() => {
    const before = chainLength.current;
    chainLength.current = chain.length;
    const last = chain[chain.length - 1]?.entity;
    if (!last || chain.length === before) return;
    if (chain.length < before) announce(`Last link removed. Back at ${last.name}.`);
    else if (last.key === to.key) announce(`${last.name} accepted: you reached the target.`);
    else announce(`${last.name} accepted. ${plural(chain.length - 1, 'link')} so far.`);
  }, [chain, to.key, announce]);
  useEffect(() => {
    if (refusal) announce(`Refused: ${refusal.replace(/[.!?]?$/, '.')} That cost a move.`);
  }, [refusal, announce]);
  const secondsLeft = timeLeftMs === null ? null : Math.ceil(timeLeftMs / 1000);
  const spokenSecond = useRef<number | null>(null);
  useEffect(() => {
    if (secondsLeft === null || !SPOKEN_SECONDS.has(secondsLeft) || spokenSecond.current === secondsLeft) return;
    spokenSecond.current = secondsLeft;
    announce(secondsLeft === 1 ? '1 second left.' : `${secondsLeft} seconds left.`);
  }, [secondsLeft, announce]);

  return (
    // Sized by its own width (a container), not the window's: the race page gives it a narrower column.
    <div className="@container grid gap-6">
      <LiveRegion message={message} />
      <div className="grid items-center gap-3 rounded-2xl border border-ink-700 bg-ink-850/70 p-4 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:p-5">
        <EntityChip entity={from} label="From" />
        <span aria-hidden className="hidden h-px w-16 bg-gradient-to-r from-amber-glow/20 via-amber-glow to-amber-glow/20 sm:block" />
        <EntityChip entity={to} label="Target" className="sm:justify-end sm:text-right [&>div]:sm:order-first" />
      </div>

      <dl className="grid grid-cols-3 gap-2 sm:gap-3" aria-label="Attempt">
        <StatTile icon={Timer} label="Time left" value={<span data-testid="time-left">{timeLeftMs === null ? '–:––' : formatCountdown(timeLeftMs)}</span>} tone={lowTime ? 'warn' : 'default'} />
        <StatTile
          icon={Footprints}
          label={movesLeft === null ? 'Moves' : 'Moves left'}
          value={<span data-testid="moves-left">{movesLeft === null ? moves : movesLeft}</span>}
          note={movesLeft === null ? 'moves made' : `${plural(moves, 'move')} used`}
          tone={movesLeft !== null && movesLeft <= 2 ? 'warn' : 'default'}
        />
        <StatTile icon={Link2} label="Links" value={<span data-testid="links-so-far">{links}</span>} note={par ? `par ${par}` : undefined} />
      </dl>

      <div className="grid gap-6 @4xl:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="grid content-start gap-4">
          {note}
          <ChainSteps chain={chain} targetKey={to.key} pendingPick={pendingPick} />
          <div className="ml-7 h-5 border-l border-dashed border-ink-600" aria-hidden />
          <EntitySearchBox
            label="Next link"
            inputId={inputId}
            placeholder={`Who or what links to ${current.name}?`}
            value={null}
            onChange={(entity) => {
              if (entity && !busy) {
                setConfirmGiveUp(false);
                onPick(entity);
              }
            }}
            labelAside={<span className="truncate text-xs text-bone-500">from {current.name}</span>}
          />
          {refusal && (
            // Said by the live region above (polite, once), not as an alert.
            <p className="flex items-start gap-2 rounded-xl border border-scarlet/40 bg-scarlet/5 px-3.5 py-2.5 text-sm text-bone-100" data-testid="refusal">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-scarlet" />
              <span>
                {refusal.replace(/[.!?]?$/, '.')} <span className="text-bone-400">That cost a move.</span>
              </span>
            </p>
          )}
          {error && (
            <p role="alert" className="rounded-xl border border-scarlet/40 bg-scarlet/5 px-3.5 py-2.5 text-sm text-bone-100">
              {error}
            </p>
          )}
        </div>

        <aside aria-label="Actions" className="grid content-start gap-3">
          <div className="grid grid-cols-3 gap-2 @4xl:grid-cols-1 [&>button]:whitespace-nowrap [&>button]:px-3">
            <Button variant="secondary" onClick={onUndo} disabled={busy || links === 0} title="Remove the last link (costs a move)">
              <Undo2 aria-hidden className="size-4" />
              Undo
            </Button>
            {hint && (
              <Button variant="secondary" onClick={hint.onHint} disabled={busy} title={hint.rewarded ? `A hint takes ${plural(hint.cost, 'point')} off this attempt's reward` : 'No points are at stake in this replay'}>
                <Lightbulb aria-hidden className="size-4" />
                {hint.pending ? 'Hint…' : hint.rewarded ? `Hint −${hint.cost} pts` : 'Hint'}
              </Button>
            )}
            <Button
              variant={confirmGiveUp ? 'danger' : 'ghost-danger'}
              onClick={() => {
                if (confirmGiveUp) onGiveUp();
                else setConfirmGiveUp(true);
              }}
              onBlur={() => setConfirmGiveUp(false)}
              disabled={busy}
              className={cn(!hint && 'col-span-2 @4xl:col-span-1')}
            >
              <Flag aria-hidden className="size-4" />
              {confirmGiveUp ? 'Really give up?' : 'Give up'}
            </Button>
          </div>
          {hint && (
            <p className="text-xs leading-relaxed text-bone-500">
              {hint.rewarded ? `A hint names a popular entity on an optimal chain and costs ${plural(hint.cost, 'point')} of the reward.` : 'A hint names a popular entity on an optimal chain.'}
            </p>
          )}
          {hint && hint.revealed.length > 0 && (
            <div className="rounded-xl border border-amber-glow/30 bg-amber-glow/5 p-3" data-testid="hints">
              <p className="text-[10px] font-bold uppercase tracking-[0.16em] text-amber-soft">Hints</p>
              <ul className="mt-1.5 grid gap-1 text-sm text-bone-100">
                {hint.revealed.map((entity) => (
                  <li key={entity.key}>{entity.name} is on an optimal chain</li>
                ))}
              </ul>
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}
