export { AboutPage } from './AboutPage';
export { PRODUCT_OWNER } from './productOwner';
