/** The engine's mulberry32: synthetic data from a seed, the same sequence every run, so runs compare. */
export { seededRandom as prng } from '../backend/src/graph/seeded-random.js';
