import { Check, Copy } from 'lucide-react';
import { Button, type ButtonProps } from '../../../ui/button';
import { useCopy } from '../hooks/use-copy';

interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  text: string;
  label?: string;
  kind?: 'text' | 'link';
}

/** Copies `text`; reads 'Copied' for 2 s after. */
export function CopyButton({ text, label = 'Copy', kind = 'text', variant = 'secondary', size = 'sm', ...props }: CopyButtonProps) {
  const { copied, copy } = useCopy(kind);
  return (
    <Button variant={variant} size={size} onClick={() => void copy(text)} {...props}>
      {copied ? <Check aria-hidden className="size-4 text-live" /> : <Copy aria-hidden className="size-4" />}
      {copied ? 'Copied' : label}
    </Button>
  );
}
