import type { PathRelationship } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { describeRelationship } from './relationship-wording';

const rel = (patch: Partial<PathRelationship> & Pick<PathRelationship, 'type' | 'direction'>): PathRelationship => ({
  character: null,
  job: null,
  label: null,
  ...patch,
});

describe('describeRelationship', () => {
  it('names the role an actor played, in either direction', () => {
    expect(describeRelationship(rel({ type: 'acted_in', direction: 'forward', character: 'Neo', label: 'Neo' }))).toBe('acted in as Neo');
    expect(describeRelationship(rel({ type: 'acted_in', direction: 'backward', character: 'Neo' }))).toBe('starring as Neo');
    expect(describeRelationship(rel({ type: 'acted_in', direction: 'forward' }))).toBe('acted in');
  });

  it('turns credits around when the path walks from the film to the person', () => {
    expect(describeRelationship(rel({ type: 'directed', direction: 'forward' }))).toBe('directed');
    expect(describeRelationship(rel({ type: 'directed', direction: 'backward' }))).toBe('directed by');
    expect(describeRelationship(rel({ type: 'wrote', direction: 'backward' }))).toBe('written by');
    expect(describeRelationship(rel({ type: 'produced', direction: 'backward' }))).toBe('produced by');
    expect(describeRelationship(rel({ type: 'composed', direction: 'backward' }))).toBe('music by');
  });

  it('reads company, genre and collection links naturally', () => {
    expect(describeRelationship(rel({ type: 'produced_by', direction: 'forward' }))).toBe('produced by');
    expect(describeRelationship(rel({ type: 'produced_by', direction: 'backward' }))).toBe('produced');
    expect(describeRelationship(rel({ type: 'has_genre', direction: 'forward' }))).toBe('in the genre');
    expect(describeRelationship(rel({ type: 'has_genre', direction: 'backward' }))).toBe('genre of');
    expect(describeRelationship(rel({ type: 'part_of_collection', direction: 'backward' }))).toBe('includes');
  });

  it('keeps the crew job and the award label', () => {
    expect(describeRelationship(rel({ type: 'crew', direction: 'forward', job: 'Editor' }))).toBe('worked on as Editor');
    expect(describeRelationship(rel({ type: 'crew', direction: 'backward', job: 'Editor' }))).toBe('Editor');
    expect(describeRelationship(rel({ type: 'won', direction: 'forward', label: '1995' }))).toBe('won (1995)');
    expect(describeRelationship(rel({ type: 'nominated_for', direction: 'backward' }))).toBe('nominee');
  });
});
