// Must fail lint: an import cycle (with cycleB.ts).
import { b } from './cycleB';
export const a = () => b;
