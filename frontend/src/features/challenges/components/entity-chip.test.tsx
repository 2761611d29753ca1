import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { entity } from '../../../test/fixtures';
import { describeEntity } from '../../entities';
import { EntityChip } from './entity-chip';

const stanLee = entity('person', 'stan-lee', 'Stan Lee', { subtype: 'writer' });

describe('EntityChip', () => {
  it("names a person by their main role, as the chain does: Stan Lee is a Writer on the card and in the chain", () => {
    render(<EntityChip entity={stanLee} label="From" />);
    expect(screen.getByText('Writer')).toBeTruthy();
    expect(screen.queryByText('Person')).toBeNull();
    expect(describeEntity(stanLee)).toBe('Writer');
  });

  it('says Person only for someone without a main role, and a movie by its type', () => {
    const { unmount } = render(<EntityChip entity={entity('person', 'nobody', 'Nobody', { subtype: null })} />);
    expect(screen.getByText('Person')).toBeTruthy();
    unmount();
    render(<EntityChip entity={entity('movie', 'heat-1995', 'Heat', { year: 1995 })} />);
    expect(screen.getByText('Movie')).toBeTruthy();
  });
});
