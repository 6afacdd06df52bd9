import { TIMINGS } from '@cairn/shared/constants';

const KEY = 'cairn.chunkReloadAt';
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading chunk/i;

export function isChunkLoadError(err: unknown): boolean {
  return err instanceof Error && CHUNK_ERROR.test(err.message);
}

/**
 * Reloads the page after a chunk failed to load (usually a new deploy replaced it),
 * at most once per 60 s so a truly missing file cannot cause a reload loop.
 */
export function reloadOnce(now = Date.now(), reload = () => window.location.reload()): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (last && now - last < TIMINGS.reloadGuardMs) return false;
  sessionStorage.setItem(KEY, String(now));
  reload();
  return true;
}

/** Wraps a dynamic import so a stale chunk triggers the guarded reload instead of an error screen. */
export async function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (isChunkLoadError(err) && reloadOnce()) return new Promise<T>(() => {});
    throw err;
  }
}

export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
