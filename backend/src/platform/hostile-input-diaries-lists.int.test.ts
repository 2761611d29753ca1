import { describeHostileRoutes } from '../test-support/hostile-input.js';

/** Hostile input on the diaries, lists and reviews routes (test-support/hostile-input.ts; the other themes have their own files). */
describeHostileRoutes('diaries, lists and reviews');
