export { AboutPage } from './AboutPage';
