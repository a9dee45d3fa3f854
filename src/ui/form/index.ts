export { DateField, type DateFieldProps } from './DateField';
export { TimeField, type TimeFieldProps } from './TimeField';
export { Section, type SectionProps } from './Section';
export { SelectField, type SelectFieldProps } from './SelectField';
