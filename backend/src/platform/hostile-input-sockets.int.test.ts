import { describeHostileSockets } from '../test-support/hostile-input.js';

/** Hostile input on every socket command (test-support/hostile-input.ts; the routes have their own files). */
describeHostileSockets();
