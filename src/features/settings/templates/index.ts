export { SmsTemplatesSection } from './SmsTemplatesSection';
