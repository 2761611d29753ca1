/**
 * Main-thread work in slices. A long loop calls `await slices.pause()` between items: once the slice
 * has run SLICE_MS it yields to the event loop (setImmediate), so other requests are answered in
 * between, and past the deadline it throws the caller's error instead of going on.
 */
export const SLICE_MS = 10;

export class TimeSlices {
  private sliceStart = performance.now();

  constructor(
    /** performance.now() time after which the work is stopped. */
    readonly deadline: number,
    private readonly overrun: () => Error,
    private readonly sliceMs = SLICE_MS,
  ) {}

  /** Yields when the slice has run its time; throws past the deadline. */
  async pause(): Promise<void> {
    const now = performance.now();
    if (now > this.deadline) throw this.overrun();
    if (now - this.sliceStart < this.sliceMs) return;
    await yieldToEventLoop();
    this.sliceStart = performance.now();
    if (this.sliceStart > this.deadline) throw this.overrun();
  }
}

/** Lets every request and timer that is ready run before going on. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
