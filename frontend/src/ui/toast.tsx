import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { proxy, useSnapshot } from 'valtio';

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

type ToastViewModule = typeof import('./toast-view');
let loadedView: ToastViewModule['ToastView'] | undefined;
const loadView = () =>
  import('./toast-view').then((module: ToastViewModule) => {
    loadedView = module.ToastView;
    return module;
  });
const LazyToastView = lazy(() => loadView().then((module) => ({ default: module.ToastView as ComponentType })));

/** Loads the toasts' look ahead of the first toast (tests, so a toast is on screen in the same render). */
export function preloadToastView(): Promise<void> {
  return loadView().then(() => undefined);
}

/**
 * Renders the toast queue; mount once near the root of the app. Its look (Radix Toast and its parts, ~10 kB
 * compressed) is not part of a first visit: it loads on the visitor's first tap or key press (most toasts
 * answer something they did, and it is then in before the answer), or with a toast that comes first.
 */
export function Toaster() {
  const { toasts } = useSnapshot(toastState);
  const [ready, setReady] = useState(loadedView !== undefined);
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    const load = () => {
      stopListening();
      void loadView().then(() => mounted && setReady(true));
    };
    const stopListening = () => {
      window.removeEventListener('pointerdown', load, true);
      window.removeEventListener('keydown', load, true);
    };
    window.addEventListener('pointerdown', load, true);
    window.addEventListener('keydown', load, true);
    return () => {
      mounted = false;
      stopListening();
    };
  }, [ready]);
  if (toasts.length === 0 && !ready) return null;
  const View = loadedView ?? LazyToastView;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
