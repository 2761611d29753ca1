import { HINT_COST_POINTS, SOLVE_FLOOR_SECONDS_PER_LINK } from './challenges.js';
import {
  RACE_CLOCK_READS_PER_10_SECONDS,
  RACE_CODE_ALPHABET,
  RACE_CODE_LENGTH,
  RACE_COMMANDS_PER_10_SECONDS,
  RACE_MOVES_PER_MINUTE,
  RACE_WRONG_CODES_PER_MINUTE,
} from './races.js';
import { POINT_RULES } from './progression.js';

/**
 * The rules of points (fair play), in the product's words: one text that /help (Points and
 * Achievements), /badges (How points work) and docs/rules/points.md ("The rules of points (fair play)") show.
 * The numbers are the constants the server enforces (POINT_RULES, the challenges' solve floor, the
 * races' limits) and the engine's refusal is this module's message, so the words cannot drift from
 * what the server does.
 */

/** The engine's answer to a search between an open challenge's ends by its player (409 CHALLENGE_IN_PROGRESS). */
export const CHALLENGE_IN_PROGRESS_MESSAGE = 'Finish or give up your challenge first: the engine will not solve it for you.';

/** The challenge, engine and race rules' numbers (issue 25, rules 2, 3 and 10), as enforced. */
export const FAIR_PLAY_LIMITS = {
  humanFloorSecondsPerLink: SOLVE_FLOOR_SECONDS_PER_LINK,
  engineRefusal: CHALLENGE_IN_PROGRESS_MESSAGE,
  raceCodeLength: RACE_CODE_LENGTH,
  raceCodeAlphabet: RACE_CODE_ALPHABET.length,
  failedCodeLookupsPerMinute: RACE_WRONG_CODES_PER_MINUTE,
  raceCommands: { count: RACE_COMMANDS_PER_10_SECONDS, seconds: 10 },
  raceClockReads: { count: RACE_CLOCK_READS_PER_10_SECONDS, seconds: 10 },
  raceMovesPerMinute: RACE_MOVES_PER_MINUTE,
} as const;

/** Races pay no points (no ledger row is ever written for one): the words every page uses. */
export const RACES_PAY_NO_POINTS = 'Races are for bragging rights: they pay no points.';

/**
 * What the Challenge Masters board counts (the ledger's 'challenge' rows: the daily, the weekly and
 * the list challenges), in the words /leaderboards and /challenges show.
 */
export const CHALLENGE_MASTERS_NOTE = `Points earned from the daily, weekly and list challenges, all time. ${RACES_PAY_NO_POINTS}`;

/** One row of "what pays": the action, its points, and how often it pays. */
export interface FairPlayAward {
  action: string;
  points: string;
  often: string;
}

/** A group of rules: a heading and its sentences. */
export interface FairPlaySection {
  title: string;
  rules: string[];
}

const { discovery, review, watchlist_add: watchlist, daily_login: login } = POINT_RULES;
const limits = FAIR_PLAY_LIMITS;

/** 6th, 11th, 21st, 22nd, 23rd. */
const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
};

export const FAIR_PLAY_INTRO = 'Points are earned by playing. Every action that pays has a meaning and a daily limit, and the server keeps to exactly these rules. Days run from midnight to midnight UTC.';

/** What pays, how much and how often. */
export const FAIR_PLAY_AWARDS: readonly FairPlayAward[] = [
  { action: 'Connection discovery', points: String(discovery.points), often: `A signed-in search that finds a chain between two entities you have never connected before. Once per pair, whichever way round; up to ${discovery.perDay} a day.` },
  { action: 'Review', points: String(review.points), often: `Your first review of a movie or person, as you first post it, with a star rating and at least ${review.minTextLength} characters of text; up to ${review.perDay} a day.` },
  { action: 'Watchlist add', points: String(watchlist.points), often: `Once per movie; up to ${watchlist.perDay} a day.` },
  { action: 'Daily login', points: String(login.points), often: 'Once a day.' },
  { action: 'Challenge', points: 'Its reward', often: 'Once per challenge, for a solve within its limits before you have seen the answer.' },
  { action: 'Badge', points: 'Its reward', often: 'Once per badge.' },
];

export const FAIR_PLAY_SECTIONS: readonly FairPlaySection[] = [
  {
    title: 'Challenges',
    rules: [
      `The daily, the weekly and each list challenge pay once. Your score is the reward, scaled by par ÷ your links (never above 1) and by your time (full at the start, half at the time limit), less ${HINT_COST_POINTS} points per hint.`,
      'Giving up, running out of time or running out of moves shows the best chains and ends payment for that challenge for good. A later attempt is refused or pays nothing, and the challenge shows your finished result, share text and the answer. Opening a solved or revealed daily never starts a new clock.',
      'A finished challenge (solved, given up, timed out or out of moves) is not played again: starting it once more opens your finished result.',
      `A whole chain sent at once follows the same rules as link-by-link play: each link counts as a move, and a chain longer than your remaining moves is refused and does not solve. A whole chain sent without starting the challenge first has no clock and pays 0 points.`,
      `Every solve, link by link or whole, faster than ${limits.humanFloorSecondsPerLink} seconds per link of its chain, by the server's clock from the start of the attempt, is recorded as solved but pays 0 points, and says why.`,
    ],
  },
  {
    title: 'The search engine will not play for you',
    rules: [
      `While you have an open attempt at a daily, weekly or list challenge, or are in a race that has not finished, a search between the two ends of that challenge or race is refused: either way round, with any settings, from your session or your API keys, including live search, alternatives and share previews; trending cards leave that pair out for you. The answer: '${limits.engineRefusal}'`,
      'To be honest about it: a search made without signing in cannot be tied to anyone, so nobody can stop an anonymous look-up. The move limit and the time floor still apply to every solve.',
    ],
  },
  {
    title: 'Races',
    rules: [
      RACES_PAY_NO_POINTS,
      `Room codes are ${limits.raceCodeLength} characters from a ${limits.raceCodeAlphabet}-character alphabet with no look-alike characters. After ${limits.failedCodeLookupsPerMinute} wrong codes in a minute, per connection, per account and per address, look-ups are refused (RATE_LIMITED). Ready toggles and other quick race commands are limited to ${limits.raceCommands.count} every ${limits.raceCommands.seconds} seconds per player, clock readings to ${limits.raceClockReads.count} every ${limits.raceClockReads.seconds} seconds, and moves and undos to ${limits.raceMovesPerMinute} a minute.`,
    ],
  },
  {
    title: 'What never pays',
    rules: [
      `A review with fewer than ${review.minTextLength} characters of text, a second review of the same movie or person, editing a review, or deleting it and writing it again. These reviews are still posted; they earn 0.`,
      `Anything past its daily limit earns 0: the ${ordinal(review.perDay + 1)} review of a day, the ${ordinal(watchlist.perDay + 1)} watchlist add, the ${ordinal(discovery.perDay + 1)} discovery. A new pair found past the limit stays new, and pays when you find it again on a later day.`,
      'Removing a movie from your watchlist and adding it again; searching a pair you already found, the other way round or with other settings; searching while signed out.',
      'Saving connections, following people, logging films in your diary and Letterboxd imports pay no points of their own (some count towards badges).',
    ],
  },
  {
    title: 'Badges count different things',
    rules: [
      `A repeat never counts. Archivist is 25 different saved pairs (A → B and B → A are one pair; saving the same path again adds nothing). First Review and Critic count movies and people reviewed with a rating and at least ${review.minTextLength} characters. Discoveries, watchlist movies and people followed are each counted once, and challenge badges count solves that paid.`,
    ],
  },
  {
    title: 'Past awards',
    rules: [
      'Points earned before these rules were recounted under them: payments the rules do not allow were removed, and totals, levels and leaderboards recomputed from the points ledger. A badge whose count no longer reaches its goal was taken back with its reward.',
    ],
  },
];

/** The same rules as Markdown, for docs/rules/points.md, "The rules of points (fair play)". */
export function fairPlayMarkdown(): string {
  const table = ['| Action | Points | How often |', '| --- | --- | --- |', ...FAIR_PLAY_AWARDS.map((row) => `| ${row.action} | ${row.points} | ${row.often} |`)];
  const sections = FAIR_PLAY_SECTIONS.map((section) => [`**${section.title}**`, '', ...section.rules.map((rule) => `- ${rule}`)].join('\n'));
  return [FAIR_PLAY_INTRO, '', ...table, '', sections.join('\n\n')].join('\n');
}
