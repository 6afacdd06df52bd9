// The dashboards feature's public face: what other features may use; everything else in features/dashboards is its own.
export { dashboardsKey, personName, useMeDashboard } from './api';
export { DashboardCards, MeTotals } from './components/DashboardCards';
export { StartAgainList } from './components/StartAgainList';
export { TrailFilter } from './components/TrailFilter';
