import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../../ui/dialog';

interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
}

/** Asks before deleting something for good; stays open (and blocks closing) while the delete runs. */
export function ConfirmDeleteDialog({ open, onOpenChange, title, description, confirmLabel, pending, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <div className="pr-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="mt-3 leading-relaxed">{description}</DialogDescription>
        </div>
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" onClick={onConfirm} disabled={pending}>
            <Trash2 aria-hidden className="size-4" />
            {pending ? 'Deleting…' : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
