export { SmsReminderSection } from './SmsReminderSection';
