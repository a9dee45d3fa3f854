/** Working-hours sections of /settings (spec 3 §2): the company default and per employee. */
export { CompanyHoursSection } from './CompanyHoursSection';
export { EmployeeHoursSection } from './EmployeeHoursSection';
