import { describeHostileRoutes } from '../test-support/hostile-input.js';

/** Hostile input on the sign-in and sessions routes (test-support/hostile-input.ts; the other themes have their own files). */
describeHostileRoutes('sign-in and sessions');
