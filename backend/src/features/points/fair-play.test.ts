import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FAIR_PLAY_AWARDS, FAIR_PLAY_SECTIONS, fairPlayMarkdown, POINT_AWARDS, POINT_RULES } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';

const RULES_DOC = fileURLToPath(new URL('../../../../docs/rules/points.md', import.meta.url));

describe('the rules of points (fair play), as written', () => {
  it('are the section of docs/rules/points.md word for word', () => {
    const doc = readFileSync(RULES_DOC, 'utf8');
    const section = /<!-- fair-play:start -->\n([\s\S]*?)\n<!-- fair-play:end -->/.exec(doc)?.[1];
    expect(section).toBe(fairPlayMarkdown());
  });

  it('print the numbers the server enforces', () => {
    const text = [...FAIR_PLAY_AWARDS.map((row) => `${row.action} ${row.points} ${row.often}`), ...FAIR_PLAY_SECTIONS.flatMap((section) => section.rules)].join('\n');
    expect(POINT_AWARDS).toEqual({ discovery: 10, review: 5, watchlist_add: 2, daily_login: 1 });
    expect(FAIR_PLAY_AWARDS.slice(0, 4).map((row) => [row.action, row.points])).toEqual([
      ['Connection discovery', '10'],
      ['Review', '5'],
      ['Watchlist add', '2'],
      ['Daily login', '1'],
    ]);
    for (const phrase of [
      `up to ${POINT_RULES.discovery.perDay} a day`,
      `at least ${POINT_RULES.review.minTextLength} characters`,
      `up to ${POINT_RULES.review.perDay} a day`,
      `Once per movie; up to ${POINT_RULES.watchlist_add.perDay} a day`,
      'the 6th review of a day, the 11th watchlist add, the 11th discovery',
      'they pay no points',
      'nobody can stop an anonymous look-up',
      'Archivist is 25 different saved pairs',
    ])
      expect(text).toContain(phrase);
  });
});
