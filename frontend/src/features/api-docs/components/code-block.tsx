import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { COPY_FEEDBACK_MS, copyToClipboard } from '../../../lib/clipboard';
import { cn } from '../../../lib/class-names';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';

interface CodeBlockProps {
  /** Names the block for the Copy button ("Copy cURL"). */
  label: string;
  code: string;
  className?: string;
  /** Hide the Copy button (an example shown beside its schema). */
  copyable?: boolean;
  /** Wrap long lines (response bodies) instead of scrolling sideways (code to copy). */
  wrap?: boolean;
}

/** Code in a dark panel that scrolls sideways (never the page), with a Copy button. */
export function CodeBlock({ label, code, className, copyable = true, wrap = false }: CodeBlockProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    try {
      await copyToClipboard(code);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
      toast({ title: 'Copied to clipboard!', description: `The ${label} sample is ready to paste.` });
    } catch {
      toast({ title: 'Failed to copy', description: 'Please try again.', variant: 'destructive' });
    }
  }

  return (
    <figure className={cn('group/code relative min-w-0 overflow-hidden rounded-xl bg-ink-950/80 ring-1 ring-inset ring-ink-700', className)}>
      <figcaption className="flex items-center justify-between gap-3 border-b border-ink-800 py-1.5 pl-4 pr-1.5">
        <span className="text-[11px] font-semibold uppercase tracking-[0.16em] text-bone-500">{label}</span>
        {copyable && (
          <Button variant="ghost" size="sm" className="h-7 px-2.5 text-xs" aria-label={`Copy ${label}`} onClick={() => void copy()}>
            {copied ? <Check aria-hidden className="size-3.5 text-live" /> : <Copy aria-hidden className="size-3.5" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </figcaption>
      {/* Focusable, so a keyboard can scroll a long sample (arrow keys) without a mouse. */}
      <pre tabIndex={0} className={cn('max-h-[28rem] overflow-auto px-4 py-3 font-mono text-[12.5px] leading-relaxed text-bone-100 focus-visible:outline-offset-[-2px]', wrap && 'whitespace-pre-wrap break-words')}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
