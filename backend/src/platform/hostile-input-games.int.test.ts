import { describeHostileRoutes } from '../test-support/hostile-input.js';

/** Hostile input on the games routes (test-support/hostile-input.ts; the other themes have their own files). */
describeHostileRoutes('games');
