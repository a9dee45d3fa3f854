export { JobIntervalsSection } from './JobIntervalsSection';
