// The trails feature's public face: the trail and pebble requests (list, one trail, their keys, the current pebble,
// answers, reset) and the try-again prompt, for every screen that shows, plays or restarts a trail. The games
// feature shows the trails, the player plays them.
export { hasStarted, trailKey, trailQuery, trailsKey, trailsQuery, useTrail, useTrails } from './api';
export { TryAgainDialog } from './components/TryAgainDialog';
export type { AnswerResult } from './pebbles';
export { fetchPebble, pebbleKey, resetTrail, submitAnswers } from './pebbles';
export { isUnavailableTrail, leaveUnavailableTrail } from './unavailable';
