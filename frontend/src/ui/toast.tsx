import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { proxy, useSnapshot } from 'valtio';
import { cn } from '../lib/class-names';

export type ToastVariant = 'default' | 'destructive' | 'info';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ToastItem extends Required<Pick<ToastInput, 'title'>> {
  id: number;
  description?: string;
  variant: ToastVariant;
  open: boolean;
  /** 'action': the answer to something the user did; 'notice': news they did not ask for (a badge, a level). */
  kind: 'action' | 'notice';
}

/** Default time a toast stays up (spec: 5000 ms). */
export const TOAST_DURATION_MS = 5000;

/** The spec shows one toast at a time: a new toast replaces the one on screen. */
const TOAST_LIMIT = 1;
/** How long a closed toast is kept for its exit animation. */
const REMOVE_DELAY_MS = 300;

export const toastState = proxy<{ toasts: ToastItem[] }>({ toasts: [] });
let nextId = 1;
/** Notices waiting for the action's toast on screen to close, oldest first. */
let waitingNotices: ToastItem[] = [];

const show = (item: ToastItem) => {
  toastState.toasts = [item, ...toastState.toasts].slice(0, TOAST_LIMIT);
};

/** Shows a toast from anywhere (components, mutations, stores); it replaces the one on screen. */
export function toast({ title, description, variant = 'default' }: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  show({ id, title, description, variant, open: true, kind: 'action' });
  return { id, dismiss: () => dismissToast(id) };
}

/**
 * Shows a notice (a badge earned, a level reached): news the user did not ask for never covers the
 * answer to what they just did ('Connection Saved'), so while an action's toast is open it waits and
 * shows once that one closes. One toast is still visible at a time.
 */
export function notify({ title, description, variant = 'default' }: ToastInput): { id: number } {
  const item: ToastItem = { id: nextId++, title, description, variant, open: true, kind: 'notice' };
  if (toastState.toasts.some((t) => t.open && t.kind === 'action')) waitingNotices.push(item);
  else show(item);
  return { id: item.id };
}

/** Rewrites a notice still waiting or still on screen; false once it has closed. */
export function updateNotice(id: number, { title, description }: Pick<ToastInput, 'title' | 'description'>): boolean {
  const item = waitingNotices.find((t) => t.id === id) ?? toastState.toasts.find((t) => t.id === id && t.open);
  if (!item) return false;
  item.title = title;
  item.description = description;
  return true;
}

export function dismissToast(id: number): void {
  const item = toastState.toasts.find((t) => t.id === id);
  if (!item) return;
  item.open = false;
  setTimeout(() => {
    toastState.toasts = toastState.toasts.filter((t) => t.id !== id);
    const next = toastState.toasts.some((t) => t.open) ? undefined : waitingNotices.shift();
    if (next) show(next);
  }, REMOVE_DELAY_MS);
}

/** Clears every toast at once (tests). */
export function resetToasts(): void {
  toastState.toasts = [];
  waitingNotices = [];
}

const variantStyles: Record<ToastVariant, { root: string; icon: typeof Info; iconClass: string }> = {
  default: { root: 'border-ink-600', icon: CircleCheck, iconClass: 'text-amber-glow' },
  destructive: { root: 'border-scarlet/50 bg-[linear-gradient(0deg,rgba(224,89,74,0.1),rgba(224,89,74,0.1))]', icon: CircleAlert, iconClass: 'text-scarlet' },
  info: { root: 'border-teal-info/40', icon: Info, iconClass: 'text-teal-info' },
};

/** Renders the toast queue; mount once near the root of the app. */
export function Toaster() {
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
