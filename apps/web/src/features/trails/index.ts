// The trails feature's public face: the trail queries (list, one trail, their keys) every screen that shows or
// plays a trail reads. No components: the games feature shows the trails, the player plays them.
export { hasStarted, trailKey, trailQuery, trailsKey, trailsQuery, useTrail, useTrails } from './api';
