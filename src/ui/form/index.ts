export { DateField, type DateFieldProps } from './DateField';
export { TimeField, type TimeFieldProps } from './TimeField';
