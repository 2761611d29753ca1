import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EntityImage } from './entity-image';

describe('EntityImage', () => {
  it('loads the image host at the asked size, and falls back to the placeholder when it fails', () => {
    render(<EntityImage entity={{ type: 'person', name: 'Tom Hanks', profile_path: '/abc.jpg' }} size="w300" />);
    const image = screen.getByRole('img', { name: 'Tom Hanks' });
    expect(image.getAttribute('src')).toBe('https://image.tmdb.org/t/p/w300/abc.jpg');
    fireEvent.error(image);
    const placeholder = screen.getByRole('img', { name: 'Tom Hanks' });
    expect(placeholder.tagName).toBe('DIV');
    expect(placeholder.textContent).toContain('TH');
  });

  it('uses w185 by default and a monogram when there is no path', () => {
    render(<EntityImage entity={{ type: 'movie', name: 'The Matrix', poster_path: '/m.jpg' }} />);
    expect(screen.getByRole('img', { name: 'The Matrix' }).getAttribute('src')).toBe('https://image.tmdb.org/t/p/w185/m.jpg');
    render(<EntityImage entity={{ type: 'movie', name: 'The Matrix', poster_path: null }} alt="poster" />);
    expect(screen.getByRole('img', { name: 'poster' }).textContent).toContain('M');
  });
});
