import type { ConnectionResult, LinkTier, PathStep } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { entity } from '../../../test/fixtures';
import { derivePathQuality } from './path-quality';

/** A found result whose links have these tiers (undefined: a result cached before tiers existed). */
function found(tiers: Array<LinkTier | undefined>, shortestPathCount: number | null = 1): Pick<ConnectionResult, 'found' | 'degrees' | 'shortestPathCount' | 'path'> {
  const path: PathStep[] = tiers.map((tier, i) => ({
    entity: entity(i % 2 === 0 ? 'person' : 'movie', `e${i}`, `Entity ${i}`),
    relationship: { type: 'acted_in', direction: i % 2 === 0 ? 'forward' : 'backward', character: null, job: null, label: null, ...(tier ? { tier } : {}) },
  }));
  path.push({ entity: entity('person', 'last', 'Last'), relationship: null });
  return { found: true, degrees: tiers.length, shortestPathCount, path };
}

describe('derivePathQuality', () => {
  it('grades core chains by degrees and counts the equally short paths', () => {
    expect(derivePathQuality(found(['core', 'core'], 14))).toEqual({ grade: 'Excellent', basis: 'all core links · 14 paths' });
    expect(derivePathQuality(found(['core'], 1))).toEqual({ grade: 'Excellent', basis: 'a core link · 1 path' });
    expect(derivePathQuality(found(['core', 'core', 'core'], 2))?.grade).toBe('Strong');
    expect(derivePathQuality(found(['core', 'core', 'core', 'core'], 2))?.grade).toBe('Good');
    expect(derivePathQuality(found(Array(6).fill('core'), 2))?.grade).toBe('Distant');
    expect(derivePathQuality(found(Array(8).fill('core'), null))).toEqual({ grade: 'Remote', basis: 'all core links' });
  });

  it('lowers the grade one step per obscure link, and says which tiers the chain used', () => {
    expect(derivePathQuality(found(['core', 'supporting', 'core', 'core'], 3))).toEqual({ grade: 'Good', basis: '3 core, 1 supporting · 3 paths' });
    expect(derivePathQuality(found(['core', 'obscure', 'obscure', 'core'], 1))).toEqual({ grade: 'Remote', basis: '2 core, 2 obscure · 1 path' });
    expect(derivePathQuality(found(['obscure', 'core'], 5))).toEqual({ grade: 'Strong', basis: '1 core, 1 obscure · 5 paths' });
    expect(derivePathQuality(found(['supporting', 'supporting'], 2))).toEqual({ grade: 'Excellent', basis: 'all supporting links · 2 paths' });
    // Never below the lowest grade.
    expect(derivePathQuality(found(Array(7).fill('obscure'), 1))?.grade).toBe('Remote');
  });

  it('does not lower the grade for the link to a genre, keyword, company or country picked as an end', () => {
    const toGenre = found(['core', 'obscure'], 40);
    toGenre.path[2]!.entity = entity('genre', 'drama', 'Drama');
    expect(derivePathQuality(toGenre)).toEqual({ grade: 'Excellent', basis: '1 core, 1 obscure · 40 paths' });
    const fromCompany = found(['obscure', 'obscure', 'core'], 1);
    fromCompany.path[0]!.entity = entity('company', 'ua', 'United Artists');
    expect(derivePathQuality(fromCompany)?.grade).toBe('Good'); // 3 degrees, one obscure link along the way
  });

  it('grades a result cached before links had tiers by degrees alone', () => {
    expect(derivePathQuality(found([undefined, undefined], 14))).toEqual({ grade: 'Excellent', basis: '2 degrees · 14 paths' });
  });

  it('has no grade when nothing was found', () => {
    expect(derivePathQuality({ found: false, degrees: null, shortestPathCount: null, path: [] })).toBeNull();
  });

  it('says "over a million" rather than printing a huge float', () => {
    expect(derivePathQuality(found(Array(5).fill('core'), 3.2e9))?.basis).toBe('all core links · over a million paths');
  });
});
