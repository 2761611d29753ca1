/** Counts in words: the one helper the server's messages use too (shared-types/src/plural.ts). */
export { formatCount, nounFor, plural } from '@cinema-dna/shared-types';
