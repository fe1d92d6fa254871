// The tasks area's public parts, for the app's routes and other areas' pages (through app/routes).
export { TasksPage, type TasksPageProps } from './components/tasks-page.tsx';
export { RecordTasks, type RecordTasksProps } from './components/record-tasks.tsx';
