import { COPY_FEEDBACK_MS, copyToClipboard } from '../../../lib/clipboard';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../ui/toast';

/** Spec §8 copy texts. */
export const COPIED_TITLE = 'Copied to clipboard!';
export const COPIED_DESCRIPTION = 'Share this discovery with your friends.';
export const LINK_COPIED_TITLE = 'Link copied!';
export const COPY_FAILED_TITLE = 'Failed to copy';
export const LINK_COPY_FAILED_TITLE = 'Failed to copy link';
export const COPY_FAILED_DESCRIPTION = 'Please try again.';

/**
 * Copies text with the spec's feedback: the button reads 'Copied' for 2 s (spec §9) and a toast says
 * so; a refusal (no clipboard permission) toasts the failure.
 */
export function useCopy(kind: 'text' | 'link' = 'text') {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(text: string): Promise<boolean> {
    try {
      await copyToClipboard(text);
    } catch {
      toast({ title: kind === 'link' ? LINK_COPY_FAILED_TITLE : COPY_FAILED_TITLE, description: COPY_FAILED_DESCRIPTION, variant: 'destructive' });
      return false;
    }
    toast(kind === 'link' ? { title: LINK_COPIED_TITLE } : { title: COPIED_TITLE, description: COPIED_DESCRIPTION });
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return true;
  }

  return { copied, copy };
}
