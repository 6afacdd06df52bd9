// The admin-trails feature's public face: its screens are routed by app/routes.tsx (/admin/teams, /admin/trails).
export { adminTeamsKey, adminTrailsKey } from './api';
