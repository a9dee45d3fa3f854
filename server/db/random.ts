/** Deterministic randomness for the demo data: the same seed gives the same numbers on every run (src/domain/random.ts). */
export { mulberry32 } from '../../src/domain/random';
