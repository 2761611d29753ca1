import { describe, expect, it } from 'vitest';
import { SaveConnectionRequestSchema } from './saved-connections.js';

describe('saving a connection', () => {
  it('needs a path of at least two steps', () => {
    const result = SaveConnectionRequestSchema.safeParse({
      fromEntityId: 1,
      fromEntityName: 'A',
      fromEntityType: 'person',
      toEntityId: 'b',
      toEntityName: 'B',
      toEntityType: 'movie',
      path: [],
      degrees: 1,
    });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['path'], message: 'Invalid connection path' })]);
  });
});
