/** The company holiday calendar section of /settings (spec 3 §2). */
export { HolidaysSection } from './HolidaysSection';
