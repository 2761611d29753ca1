import { describeHostileRoutes } from '../test-support/hostile-input.js';

/** Hostile input on the catalog and search routes (test-support/hostile-input.ts; the other themes have their own files). */
describeHostileRoutes('catalog and search');
