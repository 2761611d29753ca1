import type { PathRelationship, Relationship } from '@cinema-dna/shared-types';

/**
 * How a link reads between two step cards, left to right. `forward`: the left step is the subject
 * ("Keanu Reeves — acted in → The Matrix"); `backward`: the right one is ("The Matrix — starring → Keanu Reeves").
 */
const WORDING: Record<Relationship, { forward: string; backward: string }> = {
  acted_in: { forward: 'acted in', backward: 'starring' },
  directed: { forward: 'directed', backward: 'directed by' },
  wrote: { forward: 'wrote', backward: 'written by' },
  produced: { forward: 'produced', backward: 'produced by' },
  composed: { forward: 'scored', backward: 'music by' },
  crew: { forward: 'worked on', backward: 'crew' },
  has_genre: { forward: 'in the genre', backward: 'genre of' },
  has_keyword: { forward: 'has keyword', backward: 'keyword of' },
  produced_by: { forward: 'produced by', backward: 'produced' },
  part_of_collection: { forward: 'part of', backward: 'includes' },
  won: { forward: 'won', backward: 'won by' },
  nominated_for: { forward: 'nominated for', backward: 'nominee' },
  filmed_in: { forward: 'filmed in', backward: 'filming location of' },
  country: { forward: 'made in', backward: 'country of' },
};

/** The relationship in words, in the direction the path walks it, with the character or job. */
export function describeRelationship(relationship: PathRelationship): string {
  const { type, direction, character, job, label } = relationship;
  const verb = WORDING[type][direction];
  switch (type) {
    case 'acted_in': {
      const role = character ?? label;
      return role ? `${verb} as ${role}` : verb;
    }
    case 'crew': {
      const role = job ?? label;
      if (!role) return verb;
      // "The Matrix — Editor → Zach Staenberg" reads better than "crew as Editor".
      return direction === 'forward' ? `${verb} as ${role}` : role;
    }
    case 'won':
    case 'nominated_for':
      return label ? `${verb} (${label})` : verb;
    default:
      return verb;
  }
}
