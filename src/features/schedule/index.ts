export { MySchedulePage } from './MySchedulePage';
export { ScheduleHistoryPage } from './history/ScheduleHistoryPage';
