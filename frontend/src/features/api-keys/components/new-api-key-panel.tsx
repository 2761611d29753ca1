import type { ApiKeyCreated } from '@cinema-dna/shared-types';
import { Check, Copy, KeyRound, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { COPY_FEEDBACK_MS, copyToClipboard } from '../../../lib/clipboard';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';

/**
 * The secret of a key just created, in a highlighted box with Copy. It lives only in this
 * component's props: it is never cached, and gone once dismissed or the page is left.
 */
export function NewApiKeyPanel({ created, onDismiss }: { created: ApiKeyCreated; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const copyButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    copyButton.current?.focus();
  }, [created.id]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    try {
      await copyToClipboard(created.key);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
      toast({ title: 'Copied to clipboard!', description: 'Keep your API key somewhere safe.' });
    } catch {
      toast({ title: 'Failed to copy', description: 'Please try again.', variant: 'destructive' });
    }
  }

  return (
    <section
      aria-labelledby="new-key-title"
      data-testid="new-api-key"
      className="rounded-2xl border border-amber-glow/50 bg-[linear-gradient(180deg,rgba(242,176,74,0.10),rgba(242,176,74,0.03))] p-5 shadow-[0_0_0_1px_rgba(242,176,74,0.12),0_24px_60px_-30px_rgba(242,176,74,0.45)] sm:p-7"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-amber-glow/15 ring-1 ring-inset ring-amber-glow/40">
          <KeyRound aria-hidden className="size-4 text-amber-glow" />
        </span>
        <h2 id="new-key-title" className="min-w-0 font-display text-xl font-medium tracking-tight text-bone-50">
          Your new key <span className="break-words text-amber-soft">“{created.name}”</span>
        </h2>
      </div>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-stretch">
        <code
          aria-label="New API key"
          className="block min-w-0 flex-1 select-all break-all rounded-xl bg-ink-950/80 px-4 py-3 font-mono text-[13px] leading-relaxed text-amber-soft ring-1 ring-inset ring-ink-600"
        >
          {created.key}
        </code>
        <Button ref={copyButton} variant={copied ? 'subtle' : 'primary'} className="min-h-11 sm:w-32" onClick={() => void copy()}>
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="mt-4 flex items-start gap-2.5 text-sm leading-relaxed text-bone-300">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-glow" />
        <span>
          <strong className="font-semibold text-bone-50">Copy it now: you won’t see it again.</strong> We keep only a fingerprint of it. If you lose it, revoke it
          and create a new one.
        </span>
      </p>
      <div className="mt-5 flex justify-end">
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          I’ve saved it
        </Button>
      </div>
    </section>
  );
}
