/**
 * Shows a burst of events at a readable pace. A search on the starter catalog takes about a
 * millisecond; its layers, then the path's steps, would otherwise appear all at once. Each item is
 * held on screen for its own minimum time before the next one is applied, but the whole reveal
 * never runs past a budget measured from the start: as the deadline nears the holds shrink, and
 * after it items are applied as soon as they arrive. Slow searches are therefore never slowed down.
 */
export interface RevealPacerOptions {
  /** Wait before the first item, so even an instant answer reads as a search (ms). */
  leadMs: number;
  /** The whole reveal ends by start + budget, however many items there are (ms). */
  budgetMs: number;
  /** Apply everything at once (reduced motion). */
  immediate?: boolean;
  now?: () => number;
}

interface Queued<T> {
  item: T;
  holdMs: number;
}

export class RevealPacer<T> {
  private readonly queue: Array<Queued<T>> = [];
  private readonly now: () => number;
  private readonly deadline: number;
  private nextAt: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private immediate: boolean;
  private stopped = false;

  constructor(
    private readonly apply: (item: T) => void,
    options: RevealPacerOptions,
  ) {
    this.now = options.now ?? Date.now;
    const start = this.now();
    this.immediate = options.immediate ?? false;
    this.nextAt = start + options.leadMs;
    this.deadline = start + options.budgetMs;
  }

  /** Queues `item`; it stays on screen at least `holdMs` before the next one (unless the budget is spent). */
  push(item: T, holdMs: number): void {
    if (this.stopped) return;
    this.queue.push({ item, holdMs });
    this.pump();
  }

  /** Applies everything queued now and everything pushed later at once. */
  flush(): void {
    this.immediate = true;
    this.clearTimer();
    this.pump();
  }

  /** Drops the queue; later pushes are ignored. */
  cancel(): void {
    this.stopped = true;
    this.queue.length = 0;
    this.clearTimer();
  }

  /** Items waiting to be shown. */
  get pending(): number {
    return this.queue.length;
  }

  private pump(): void {
    if (this.timer !== null) return;
    while (this.queue.length > 0 && !this.stopped) {
      const now = this.now();
      if (!this.immediate && now < this.nextAt && now < this.deadline) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, Math.min(this.nextAt, this.deadline) - now);
        return;
      }
      const { item, holdMs } = this.queue.shift()!;
      // Share what is left of the budget between this item and those already waiting.
      const fairShare = Math.max(0, this.deadline - now) / (this.queue.length + 1);
      this.nextAt = now + Math.min(holdMs, fairShare);
      this.apply(item);
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
