import { nounFor } from '@cinema-dna/shared-types';
/** The three hashtags every share text ends with (spec §9). */
export const SHARE_HASHTAGS = ['#CinemaDNA', '#SixDegrees', '#Movies'] as const;

/** Names longer than this are cut on the share image (spec §9). */
export const SHARE_IMAGE_NAME_LIMIT = 15;

/** The spec's share sentence: 'Found a {n}-degree connection between {from} and {to}!'. */
export function shareSentence(degrees: number, fromName: string, toName: string): string {
  return `Found a ${degrees}-degree connection between ${fromName} and ${toName}!`;
}

/** The text Copy Text and the native share sheet send: the sentence, the link, the hashtags. */
export function shareMessage(degrees: number, fromName: string, toName: string, url: string): string {
  return `${shareSentence(degrees, fromName, toName)}\n${url}\n\n${SHARE_HASHTAGS.join(' ')}`;
}

export function twitterShareUrl(text: string, url: string): string {
  const params = new URLSearchParams({ text, url, hashtags: SHARE_HASHTAGS.map((tag) => tag.slice(1)).join(',') });
  return `https://twitter.com/intent/tweet?${params}`;
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`;
}

/** A name cut to 15 characters, with an ellipsis when it was longer. */
export function truncateName(name: string, limit = SHARE_IMAGE_NAME_LIMIT): string {
  const chars = Array.from(name.trim());
  return chars.length > limit ? `${chars.slice(0, limit).join('').trimEnd()}…` : chars.join('');
}

/** "cinema-dna-2-degrees.png"; "cinema-dna-1-degree.png". */
export function shareImageFileName(degrees: number): string {
  return `cinema-dna-${degrees}-${nounFor(degrees, 'degree')}.png`;
}
