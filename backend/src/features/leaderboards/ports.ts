import type { LedgerWindows } from './windows.js';

/** A user's ledger rows within one window, summed. */
export interface WindowTotals {
  /** Ledger rows in the window (a user with none is not on that window's boards). */
  entries: number;
  points: number;
  /** Discovery rows: connections found. */
  discoveries: number;
  /** Challenge reward rows, and their points. */
  challengeEntries: number;
  challengePoints: number;
  /** Over challenge rewards carrying both: the sum of pars and of degrees used (efficiency = par ÷ degrees). */
  par: number;
  degrees: number;
}

/** One user's totals for all time and for the week, month and year asked for. */
export interface UserLedgerTotals {
  userId: number;
  allTime: WindowTotals;
  year: WindowTotals;
  month: WindowTotals;
  week: WindowTotals;
}

/**
 * The points ledger as the boards read it (implemented by features/points/ledger-totals.ts, over
 * the ledger table). Boards hold absolute values recomputed from here, never increments.
 */
export interface LedgerTotalsPort {
  /** One user's totals (an event moved their points); a user without rows gets zeros. */
  forUser(userId: number, windows: LedgerWindows): Promise<UserLedgerTotals>;
  /**
   * Totals of the users with ledger rows and an id above `afterUserId`, in id order, at most
   * `limit`: the rebuild pages through the whole ledger with it.
   */
  page(afterUserId: number, limit: number, windows: LedgerWindows): Promise<UserLedgerTotals[]>;
}

/** Badges earned per user (the badges feature's countEarned); users with none may be absent. */
export type BadgeCountsPort = (userIds: readonly number[]) => Promise<Map<number, number>>;
