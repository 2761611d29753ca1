import { describe, expect, it } from 'vitest';
import { connectionLinkPath, parseConnectionLink } from './connection-link';
import { facebookShareUrl, shareImageFileName, shareMessage, shareSentence, truncateName, twitterShareUrl } from './share-content';

describe('share text', () => {
  it("uses the spec's sentence, then the link and three hashtags", () => {
    expect(shareSentence(2, 'Kevin Bacon', 'Tom Hanks')).toBe('Found a 2-degree connection between Kevin Bacon and Tom Hanks!');
    const message = shareMessage(2, 'Kevin Bacon', 'Tom Hanks', 'https://cinema.test/connection?from=person:kevin-bacon&to=person:tom-hanks');
    expect(message.split('\n')[0]).toBe('Found a 2-degree connection between Kevin Bacon and Tom Hanks!');
    expect(message).toContain('https://cinema.test/connection?from=person:kevin-bacon&to=person:tom-hanks');
    expect(message.match(/#\w+/g)).toEqual(['#CinemaDNA', '#SixDegrees', '#Movies']);
  });

  it('builds social share URLs that carry the text and link', () => {
    const twitter = new URL(twitterShareUrl('Found it!', 'https://cinema.test/x'));
    expect(twitter.hostname).toBe('twitter.com');
    expect(twitter.searchParams.get('text')).toBe('Found it!');
    expect(twitter.searchParams.get('url')).toBe('https://cinema.test/x');
    expect(new URL(facebookShareUrl('https://cinema.test/x')).searchParams.get('u')).toBe('https://cinema.test/x');
  });
});

describe('share image', () => {
  it('cuts names at 15 characters', () => {
    expect(truncateName('Tom Hanks')).toBe('Tom Hanks');
    expect(truncateName('Exactly15Chars!')).toBe('Exactly15Chars!');
    expect(truncateName('Arnold Schwarzenegger')).toBe('Arnold Schwarze…');
    expect(truncateName('The Lord of the Rings')).toBe('The Lord of the…');
  });

  it('names the file after the degree count', () => {
    expect(shareImageFileName(2)).toBe('cinema-dna-2-degrees.png');
    expect(shareImageFileName(1)).toBe('cinema-dna-1-degree.png');
  });
});

describe('shared links', () => {
  it('round-trips both entities through /connection?from=type:id&to=type:id', () => {
    const path = connectionLinkPath({ type: 'person', id: 'kevin-bacon' }, { type: 'movie', id: 'tt0133093' });
    expect(path).toBe('/connection?from=person:kevin-bacon&to=movie:tt0133093');
    expect(parseConnectionLink(new URL(path, 'https://x.test').searchParams)).toEqual({
      from: { type: 'person', id: 'kevin-bacon' },
      to: { type: 'movie', id: 'tt0133093' },
    });
  });

  it('rejects malformed keys', () => {
    expect(parseConnectionLink(new URLSearchParams('from=wizard:merlin&to=person:a'))).toBeNull();
    expect(parseConnectionLink(new URLSearchParams('from=person:&to=person:a'))).toBeNull();
    expect(parseConnectionLink(new URLSearchParams('from=person:a'))).toBeNull();
  });
});
