export { default } from './AdminPendingScreen';
