import { describeHostileRoutes } from '../test-support/hostile-input.js';

/** Hostile input on the own account routes (test-support/hostile-input.ts; the other themes have their own files). */
describeHostileRoutes('own account');
