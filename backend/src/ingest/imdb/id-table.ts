/**
 * Compact in-memory indexes for IMDb's numeric ids (tt0133093 → 133093). At full scale a Map of
 * strings would hold millions of string keys and objects; these keep 8 bytes per kept id (IdTable)
 * or 4 bytes per possible id (DenseIdIndex).
 */

/**
 * Open-addressing hash from a non-negative 31-bit id to a dense index 0, 1, 2... in order of first
 * sight, so callers keep per-id data in parallel typed arrays.
 */
export class IdTable {
  private keys: Int32Array;
  private values: Int32Array;
  private shift: number;
  size = 0;

  constructor(expected = 1 << 12) {
    let bits = 4;
    while (1 << bits < expected * 2) bits++;
    this.keys = new Int32Array(1 << bits).fill(-1);
    this.values = new Int32Array(1 << bits);
    this.shift = 32 - bits;
  }

  /** The id's index, or -1 when absent. */
  get(id: number): number {
    const keys = this.keys;
    const mask = keys.length - 1;
    for (let slot = Math.imul(id, 0x9e3779b1) >>> this.shift; ; slot = (slot + 1) & mask) {
      const key = keys[slot]!;
      if (key === id) return this.values[slot]!;
      if (key === -1) return -1;
    }
  }

  /** The id's index, assigning the next one when the id is new. */
  intern(id: number): number {
    const keys = this.keys;
    const mask = keys.length - 1;
    for (let slot = Math.imul(id, 0x9e3779b1) >>> this.shift; ; slot = (slot + 1) & mask) {
      const key = keys[slot]!;
      if (key === id) return this.values[slot]!;
      if (key === -1) {
        keys[slot] = id;
        const index = this.size++;
        this.values[slot] = index;
        // Keep the load under 1/2 so probes stay short.
        if (this.size * 2 > keys.length) this.grow();
        return index;
      }
    }
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2).fill(-1);
    this.values = new Int32Array(keys.length * 2);
    this.shift -= 1;
    const mask = this.keys.length - 1;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (key === -1) continue;
      let slot = Math.imul(key, 0x9e3779b1) >>> this.shift;
      while (this.keys[slot] !== -1) slot = (slot + 1) & mask;
      this.keys[slot] = key;
      this.values[slot] = values[i]!;
    }
  }
}

const ABSENT = -2;
const PRESENT = -1;

/**
 * A dense index over a dense id range: one Int32 per possible id, so a lookup is a single array read
 * (a hash probe costs a cache miss per credit at IMDb scale). For nconsts, which IMDb assigns in
 * sequence (≈16M today → 64 MB). An id is first marked present (`add`), then gets the next dense index
 * on its first `intern`.
 */
export class DenseIdIndex {
  /** Beyond this an id is refused rather than allocating gigabytes for a sparse range. */
  static readonly MAX_ID = 1 << 27;
  private slots = new Int32Array(1 << 16).fill(ABSENT);
  size = 0;

  /** Marks an id as present; false when the id is beyond MAX_ID. */
  add(id: number): boolean {
    if (id >= this.slots.length) {
      if (id >= DenseIdIndex.MAX_ID) return false;
      let length = this.slots.length * 2;
      while (length <= id) length *= 2;
      const slots = new Int32Array(length).fill(ABSENT);
      slots.set(this.slots);
      this.slots = slots;
    }
    if (this.slots[id] === ABSENT) this.slots[id] = PRESENT;
    return true;
  }

  has(id: number): boolean {
    return id < this.slots.length && this.slots[id] !== ABSENT;
  }

  /** The dense index of a present id (assigned on first call); -1 for an absent one. */
  intern(id: number): number {
    if (id >= this.slots.length) return -1;
    const value = this.slots[id]!;
    if (value !== PRESENT) return value === ABSENT ? -1 : value;
    this.slots[id] = this.size;
    return this.size++;
  }

  /** The dense index, or -1 when absent or never interned. */
  get(id: number): number {
    return id >= 0 && id < this.slots.length ? Math.max(-1, this.slots[id]!) : -1;
  }
}

/** `array` when it has room for `length` entries, else a copy twice as large (amortised growth). */
export function withRoom<T extends Float64Array | Int32Array | Uint16Array | Uint8Array | Float32Array>(array: T, length: number): T {
  if (length <= array.length) return array;
  let size = Math.max(16, array.length * 2);
  while (size < length) size *= 2;
  const grown = new (array.constructor as new (size: number) => T)(size);
  grown.set(array);
  return grown;
}
