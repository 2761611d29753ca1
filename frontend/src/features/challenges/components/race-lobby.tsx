import type { RaceState } from '@cinema-dna/shared-types';
import { Check, Crown, Eye, Hourglass, Play, Users, WifiOff } from 'lucide-react';
import { useSnapshot, type Snapshot } from 'valtio';
import { authState, openLoginDialog } from '../../auth';
import { cn } from '../../../lib/class-names';
import { plural } from '../../../lib/number-format';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { formatTimeLimit } from '../lib/countdown-format';
import { raceLink } from '../lib/race-state';
import { CopyButton } from './copy-button';

interface RaceLobbyProps {
  state: Snapshot<RaceState>;
  meId: number | undefined;
  spectating: boolean;
  pending: string | null;
  onReady: (ready: boolean) => void;
  onStart: () => void;
}

/** The lobby: the code and link to share, who is here (host, ready, away), spectators, ready toggles and the host's Start. */
export function RaceLobby({ state, meId, spectating, pending, onReady, onStart }: RaceLobbyProps) {
  const me = state.players.find((player) => player.userId === meId) ?? null;
  const isHost = meId !== undefined && state.hostId === meId;
  const everyoneReady = state.players.length > 0 && state.players.every((player) => player.ready || !player.connected);
  const link = raceLink(window.location.origin, state.code);
  const { user } = useSnapshot(authState);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="lobby-players-title" className="rounded-3xl border border-ink-700 bg-ink-850/70 p-5 sm:p-7">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="lobby-players-title" className="font-display text-2xl font-medium text-bone-50">
            Players <span className="text-base text-bone-500">{state.players.length}/{state.maxPlayers}</span>
          </h2>
          <span className="flex items-center gap-1.5 text-sm text-bone-400" data-testid="spectator-count">
            <Eye aria-hidden className="size-4" />
            {plural(state.spectators, 'spectator')}
          </span>
        </div>
        <ul className="mt-5 grid gap-2" aria-label="Players in the room">
          {state.players.map((player) => (
            <li
              key={player.userId}
              className={cn('flex items-center gap-3 rounded-xl border px-3.5 py-3', player.ready ? 'border-live/30 bg-live/5' : 'border-ink-700 bg-ink-900/50')}
              data-testid="lobby-player"
              data-ready={player.ready}
            >
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-ink-700 text-sm font-semibold text-bone-100">{player.displayName.slice(0, 1).toUpperCase()}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-bone-50">
                  {player.displayName}
                  {player.userId === meId && <span className="font-normal text-bone-400"> (you)</span>}
                </span>
                {!player.connected && (
                  <span className="flex items-center gap-1 text-xs text-bone-500">
                    <WifiOff aria-hidden className="size-3" /> away, keeping their place
                  </span>
                )}
              </span>
              {player.isHost && (
                <Badge tone="amber">
                  <Crown aria-hidden className="size-3" />
                  Host
                </Badge>
              )}
              <span className={cn('text-xs font-medium', player.ready ? 'text-live' : 'text-bone-500')}>{player.ready ? 'Ready' : 'Not ready'}</span>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {me && (
            <Button variant={me.ready ? 'secondary' : 'primary'} size="lg" onClick={() => onReady(!me.ready)} disabled={pending !== null} aria-pressed={me.ready}>
              <Check aria-hidden className="size-4" />
              {me.ready ? 'Ready! (tap to undo)' : 'I’m ready'}
            </Button>
          )}
          {user === null && (
            <Button size="lg" onClick={() => openLoginDialog('login')}>
              Sign in to race
            </Button>
          )}
          {isHost && (
            <Button size="lg" onClick={onStart} disabled={pending !== null} variant={everyoneReady ? 'primary' : 'secondary'}>
              <Play aria-hidden className="size-4" />
              Start race
            </Button>
          )}
        </div>
        <p className="mt-3 text-sm text-bone-400">
          {spectating
            ? 'You are watching this room. The race shows here when the host starts it.'
            : isHost
              ? everyoneReady
                ? 'Everyone is ready. Start when you like.'
                : 'Not everyone is ready yet. You can start anyway, or wait for them.'
              : 'Waiting for the host to start the race.'}
        </p>
      </section>

      <aside className="grid content-start gap-4">
        <section aria-labelledby="share-room-title" className="rounded-3xl border border-amber-glow/30 bg-ink-850/80 p-5 sm:p-6">
          <h2 id="share-room-title" className="text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">
            Invite friends
          </h2>
          <p className="mt-3 font-mono text-4xl font-semibold tracking-[0.3em] text-bone-50" data-testid="race-code">
            {state.code}
          </p>
          <p className="mt-2 break-all text-xs text-bone-500">{link}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <CopyButton text={state.code} label="Copy code" />
            <CopyButton text={link} label="Copy link" kind="link" />
          </div>
        </section>
        <dl className="grid grid-cols-2 gap-2 rounded-2xl border border-ink-700 bg-ink-850/50 p-4 text-sm">
          <div>
            <dt className="flex items-center gap-1 text-xs uppercase tracking-[0.12em] text-bone-500">
              <Hourglass aria-hidden className="size-3" /> Round
            </dt>
            <dd className="mt-0.5 text-bone-100">{formatTimeLimit(state.timeLimit)}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1 text-xs uppercase tracking-[0.12em] text-bone-500">
              <Users aria-hidden className="size-3" /> Rounds played
            </dt>
            <dd className="mt-0.5 text-bone-100">{state.round}</dd>
          </div>
        </dl>
        <p className="text-xs leading-relaxed text-bone-500">
          Everyone gets the same pair and the same clock. The first valid chain wins; then fewer degrees, then time. Others see how many links you have, never which.
        </p>
      </aside>
    </div>
  );
}
