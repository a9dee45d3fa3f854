export { MySchedulePage } from './MySchedulePage';
