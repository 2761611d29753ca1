import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { cn } from '../lib/class-names';
import { dismissToast, TOAST_DURATION_MS, toastState, type ToastVariant } from './toast';

const variantStyles: Record<ToastVariant, { root: string; icon: typeof Info; iconClass: string }> = {
  default: { root: 'border-ink-600', icon: CircleCheck, iconClass: 'text-amber-glow' },
  destructive: { root: 'border-scarlet/50 bg-[linear-gradient(0deg,rgba(224,89,74,0.1),rgba(224,89,74,0.1))]', icon: CircleAlert, iconClass: 'text-scarlet' },
  info: { root: 'border-teal-info/40', icon: Info, iconClass: 'text-teal-info' },
};

/** The toast queue as it looks: Radix Toast (swipe, F8 to reach it, announced politely). Loaded by {@link Toaster}. */
export function ToastView() {
  const { toasts } = useSnapshot(toastState);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {toasts.map((item) => {
        const style = variantStyles[item.variant];
        const Icon = style.icon;
        return (
          <ToastPrimitive.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            type={item.variant === 'destructive' ? 'foreground' : 'background'}
            data-variant={item.variant}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border bg-ink-800/95 p-4 pr-10 shadow-[0_20px_50px_-12px_rgba(0,0,0,0.8)] backdrop-blur',
              'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
              style.root,
            )}
          >
            <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', style.iconClass)} />
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold text-bone-50">{item.title}</ToastPrimitive.Title>
              {item.description && <ToastPrimitive.Description className="text-sm leading-snug text-bone-300">{item.description}</ToastPrimitive.Description>}
            </div>
            <ToastPrimitive.Close aria-label="Dismiss notification" className="absolute right-3 top-3 rounded-full p-1 text-bone-400 transition-colors hover:bg-ink-700 hover:text-bone-50">
              <X className="size-4" aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      {/* Phones: at the bottom. Wider screens: top right under the header, clear of the content people read
          (at the bottom right it sat on a found path's step cards). */}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-[420px] flex-col gap-2 p-4 outline-none sm:bottom-auto sm:right-4 sm:top-16" />
    </ToastPrimitive.Provider>
  );
}
