export { HelpSupportPage } from './HelpSupportPage';
