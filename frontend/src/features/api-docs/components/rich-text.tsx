import { Fragment } from 'react';
import { cn } from '../../../lib/class-names';

/** Text with `backticked` spans shown as code; the only markup the API description uses inline. */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-ink-800/80 px-1 py-px font-mono text-[0.9em] text-bone-50">
            {part}
          </code>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Paragraphs (separated by blank lines) of a description, with inline code. */
export function RichText({ text, className }: { text: string; className?: string }) {
  const paragraphs = text.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
  return (
    <div className={cn('grid gap-2', className)}>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>
          <InlineCode text={paragraph} />
        </p>
      ))}
    </div>
  );
}

/** The first paragraph of a description. */
export function firstParagraph(text: string | undefined): string | undefined {
  return text?.split(/\n\s*\n/)[0]?.trim() || undefined;
}
