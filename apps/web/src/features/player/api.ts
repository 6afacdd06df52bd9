import { http } from '../../lib/http';

/** DELETE /api/media/{id}: destroys an uploaded answer file the learner removed. */
export function deleteMedia(id: number): Promise<unknown> {
  return http.del(`/api/media/${id}`, { handle: [404] });
}
