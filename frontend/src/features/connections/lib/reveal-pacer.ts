/**
 * Shows a burst of events at a readable pace. A search takes a few milliseconds; its layers, then
 * the path's steps, would otherwise appear all at once. Each item is held on screen for its own
 * minimum time before the next one is applied, but two deadlines bound the whole reveal: the
 * budget, measured from the start, and the cap set when the answer arrives (`finishWithin`), so
 * the animation never holds an answer back by more than the cap, however many items there are. As
 * a deadline nears, the holds shrink in proportion to share what is left; past it, items are
 * applied as soon as they arrive. Slow searches are therefore never slowed down.
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
  private deadline: number;
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

  /** Queues `item`; it stays on screen at least `holdMs` before the next one (unless a deadline is near). */
  push(item: T, holdMs: number): void {
    if (this.stopped) return;
    this.queue.push({ item, holdMs });
    this.pump();
  }

  /** Everything queued now or later is applied within `capMs` from now (sooner if the budget ends first). */
  finishWithin(capMs: number): void {
    this.deadline = Math.min(this.deadline, this.now() + capMs);
    this.clearTimer();
    this.pump();
  }

  /** Applies everything queued now and everything pushed later at once (Skip). */
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
      // Share what is left before the deadline among this item and those waiting, in proportion to their holds.
      const wanted = this.queue.reduce((sum, queued) => sum + queued.holdMs, holdMs);
      const left = Math.max(0, this.deadline - now);
      // Whole milliseconds, so the timer set for `nextAt` never fires a fraction too early.
      this.nextAt = now + (wanted > left ? Math.floor((holdMs * left) / wanted) : holdMs);
      this.apply(item);
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
