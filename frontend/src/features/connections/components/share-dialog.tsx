import type { EntitySummary, PathStep } from '@cinema-dna/shared-types';
import { Check, Copy, ImageDown, Link2, Swords } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../ui/dialog';
import { toast } from '../../../ui/toast';
import { cn } from '../../../lib/class-names';
import { COPY_FEEDBACK_MS, copyToClipboard } from '../../../lib/clipboard';
import { connectionLinkPath } from '../lib/connection-link';
import { facebookShareUrl, shareMessage, shareSentence, twitterShareUrl } from '../lib/share-content';
import { downloadShareImage } from '../lib/share-image';

interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  from: EntitySummary;
  to: EntitySummary;
  degrees: number;
  path: readonly PathStep[];
}

/** 'Share Your Discovery': social posts, copy text or link, a downloadable image, and the challenge note. */
export function ShareDialog({ open, onOpenChange, from, to, degrees, path }: ShareDialogProps) {
  const url = `${window.location.origin}${connectionLinkPath(from, to)}`;
  const sentence = shareSentence(degrees, from.name, to.name);
  const message = shareMessage(degrees, from.name, to.name, url);
  const [copied, setCopied] = useState<'text' | 'link' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  function flashCopied(which: 'text' | 'link') {
    setCopied(which);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPY_FEEDBACK_MS);
  }

  function openShareWindow(shareUrl: string) {
    window.open(shareUrl, '_blank', 'noopener,noreferrer,width=600,height=520');
  }

  async function handleCopyText() {
    // The native share sheet where there is one (phones), else the clipboard.
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Cinema DNA', text: message });
        return;
      } catch (error) {
        if ((error as DOMException)?.name === 'AbortError') return;
        // Share sheet refused: fall through to the clipboard.
      }
    }
    try {
      await copyToClipboard(message);
      flashCopied('text');
      toast({ title: 'Copied to clipboard!', description: 'Share this discovery with your friends.' });
    } catch {
      toast({ title: 'Failed to copy', description: 'Please try again.', variant: 'destructive' });
    }
  }

  async function handleCopyLink() {
    try {
      await copyToClipboard(url);
      flashCopied('link');
      toast({ title: 'Link copied!' });
    } catch {
      toast({ title: 'Failed to copy link', description: 'Please try again.', variant: 'destructive' });
    }
  }

  async function handleDownload() {
    try {
      await downloadShareImage({
        degrees,
        from: { name: from.name, type: from.type },
        to: { name: to.name, type: to.type },
        steps: path.map((step) => ({ name: step.entity.name, type: step.entity.type })),
      });
      toast({ title: 'Image downloaded!' });
    } catch {
      toast({ title: 'Download failed', description: 'Please try again.', variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Share Your Discovery</DialogTitle>
        <DialogDescription>{sentence}</DialogDescription>

        <div className="mt-6 grid grid-cols-2 gap-2.5">
          <ShareButton icon={<XMark />} onClick={() => openShareWindow(twitterShareUrl(sentence, url))}>
            Twitter
          </ShareButton>
          <ShareButton icon={<FacebookMark />} onClick={() => openShareWindow(facebookShareUrl(url))}>
            Facebook
          </ShareButton>
          <ShareButton icon={copied === 'text' ? <Check className="size-4 text-live" /> : <Copy className="size-4" />} onClick={handleCopyText} active={copied === 'text'}>
            Copy Text
          </ShareButton>
          <ShareButton icon={copied === 'link' ? <Check className="size-4 text-live" /> : <Link2 className="size-4" />} onClick={handleCopyLink} active={copied === 'link'}>
            Copy Link
          </ShareButton>
          <ShareButton icon={<ImageDown className="size-4" />} onClick={handleDownload} className="col-span-2">
            Download as Image
          </ShareButton>
        </div>

        <div className="mt-3 truncate rounded-xl border border-ink-700 bg-ink-950/60 px-3 py-2 font-mono text-xs text-bone-400" title={url}>
          {url}
        </div>

        <div className="mt-6 flex gap-3 rounded-2xl border border-amber-glow/25 bg-amber-glow/[0.06] p-4">
          <Swords aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-glow" />
          <div>
            <p className="text-sm font-semibold text-bone-50">Challenge Your Friends</p>
            <p className="mt-1 text-sm leading-relaxed text-bone-300">
              Send them the link and ask them to guess the chain before they open it. Can they name all {degrees === 1 ? 'one link' : `${degrees} links`} from {from.name} to {to.name}?
            </p>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ShareButton({ icon, children, onClick, active, className }: { icon: ReactNode; children: string; onClick: () => void; active?: boolean; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'flex h-12 items-center justify-center gap-2 rounded-xl border text-sm font-medium transition-colors',
        active ? 'border-live/50 bg-live/10 text-bone-50' : 'border-ink-600 bg-ink-900/60 text-bone-100 hover:border-amber-glow/60 hover:text-bone-50',
        className,
      )}
    >
      <span aria-hidden className="flex size-4 items-center justify-center">
        {icon}
      </span>
      {children}
    </button>
  );
}

function XMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-3.5" fill="currentColor" aria-hidden>
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden>
      <path d="M24 12.073C24 5.405 18.627 0 12 0S0 5.405 0 12.073C0 18.1 4.388 23.094 10.125 24v-8.437H7.078v-3.49h3.047V9.413c0-3.026 1.792-4.697 4.533-4.697 1.312 0 2.686.236 2.686.236v2.971H15.83c-1.491 0-1.956.93-1.956 1.874v2.25h3.328l-.532 3.49h-2.796V24C19.612 23.094 24 18.1 24 12.073" />
    </svg>
  );
}
