// Must fail lint: an import cycle (with cycleA.ts).
import { a } from './cycleA';
export const b = () => a;
