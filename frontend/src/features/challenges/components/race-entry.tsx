import { RACE_CODE_LENGTH, RaceCodeSchema } from '@cinema-dna/shared-types';
import { LogIn, Swords } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { useCreateRace } from '../api/races';

/** The room page of a race code. */
export const racePath = (code: string) => `/challenges/race/${encodeURIComponent(code)}`;

/** "Race a friend": create a room (then share its code), or join one by its code. */
export function RaceEntry() {
  const navigate = useNavigate();
  const create = useCreateRace();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  function join(event: FormEvent) {
    event.preventDefault();
    const parsed = RaceCodeSchema.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? `Race codes are ${RACE_CODE_LENGTH} letters and digits`);
      return;
    }
    navigate(racePath(parsed.data));
  }

  return (
    <section aria-labelledby="race-entry-title" className="rounded-3xl border border-ink-700 bg-ink-850/70 p-5 sm:p-7" data-testid="race-entry">
      <div className="flex items-center gap-2">
        <Swords aria-hidden className="size-4 text-amber-glow" />
        <h2 id="race-entry-title" className="text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">
          Race a friend
        </h2>
      </div>
      <p className="mt-3 font-display text-2xl font-medium leading-snug text-bone-50">Same pair, same clock, live.</p>
      <p className="mt-2 text-sm leading-relaxed text-bone-400">Open a room, send the code, and race to the first valid chain. Everyone sees everyone’s progress, never their picks.</p>
      <Button
        size="lg"
        className="mt-5 w-full"
        disabled={create.isPending}
        onClick={() =>
          create.mutate(undefined, {
            onSuccess: (room) => navigate(racePath(room.code)),
            onError: (error) => toast({ title: 'Could not create a room', description: error.message, variant: 'destructive' }),
          })
        }
      >
        {create.isPending ? 'Creating room…' : 'Create a race room'}
      </Button>
      <form onSubmit={join} className="mt-5 grid gap-1.5" noValidate>
        <label htmlFor="race-code" className="text-xs font-semibold uppercase tracking-[0.18em] text-bone-400">
          Join with a code
        </label>
        <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2">
          <input
            id="race-code"
            value={code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              setCodeError(null);
            }}
            maxLength={RACE_CODE_LENGTH + 2}
            autoComplete="off"
            spellCheck={false}
            placeholder="K7Q2ZD4M"
            aria-invalid={codeError !== null}
            aria-describedby={codeError ? 'race-code-error' : undefined}
            className="h-11 w-full min-w-0 rounded-full border border-ink-600 bg-ink-950/70 px-4 font-mono text-base uppercase tracking-[0.3em] text-bone-50 placeholder:text-bone-500 placeholder:tracking-[0.3em] focus:border-amber-glow/70 focus:outline-none focus:ring-2 focus:ring-amber-glow/25"
          />
          <Button type="submit" variant="secondary" className="h-11">
            <LogIn aria-hidden className="size-4" />
            Join
          </Button>
        </div>
        {codeError && (
          <p id="race-code-error" role="alert" className="text-sm text-scarlet">
            {codeError}
          </p>
        )}
      </form>
    </section>
  );
}
