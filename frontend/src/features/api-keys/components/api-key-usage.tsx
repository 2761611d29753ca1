import { Gauge, ShieldCheck, Terminal } from 'lucide-react';
import { cn } from '../../../lib/class-names';
import { useOrigin } from '../../../lib/use-origin';

/** How a key is used: the header to send, a sample call, and what a key can and cannot do. */
export function ApiKeyUsage({ className }: { className?: string }) {
  const origin = useOrigin();
  return (
    <aside aria-label="Using API keys" className={cn('grid content-start gap-6', className)}>
      <div>
        <h2 className="flex items-center gap-2 text-sm font-semibold text-bone-100">
          <Terminal aria-hidden className="size-4 text-amber-glow" />
          Using a key
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-bone-400">
          Send it in the <code className="font-mono text-[13px] text-bone-100">Authorization</code> header. Requests then count as you.
        </p>
        <pre tabIndex={0} className="mt-3 overflow-x-auto rounded-xl bg-ink-950/80 px-4 py-3 font-mono text-[12px] leading-relaxed text-bone-300 ring-1 ring-inset ring-ink-700">
          <code>{`curl -H "Authorization: Bearer cdna_…" \\\n  ${origin}/api/auth/me`}</code>
        </pre>
      </div>
      <p className="flex gap-3 text-sm leading-relaxed text-bone-400">
        <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-glow" />
        <span>Keys can’t create or revoke other keys: that needs you, signed in here. Revoke a key the moment it may have leaked.</span>
      </p>
      <p className="flex gap-3 text-sm leading-relaxed text-bone-400">
        <Gauge aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-glow" />
        <span>Signed-in calls allow 1,000 requests a minute; finding a connection allows 20 a minute.</span>
      </p>
    </aside>
  );
}
