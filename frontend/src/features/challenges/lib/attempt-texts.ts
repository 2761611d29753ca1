import type { AttemptState } from '@cinema-dna/shared-types';

/** Spec §8 challenge texts: shared by the end screen and the home page's daily card (which loads no motion code). */
export const CHALLENGE_COMPLETED_TITLE = 'Challenge Completed!';
export const CHALLENGE_FAILED_TITLE = 'Challenge Failed';
export const CHALLENGE_FAILED_FALLBACK = 'Better luck next time!';

/** Why an attempt ended without a chain. */
export const ENDINGS: Record<AttemptState['status'], string> = {
  playing: '',
  solved: '',
  gave_up: 'You gave up.',
  timed_out: 'Time ran out.',
  out_of_moves: 'No moves left.',
};
