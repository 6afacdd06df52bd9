import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { HttpError } from './http';

/**
 * Last-known data for a reload without network (docs/web.md, "Offline reload"): the screens' own reads (the profile,
 * the trail list, /me's dashboard, rewards, battles and resets) are kept in localStorage as they arrive, and put
 * back into the query cache when the app starts offline or the network goes away, marked with the time they were
 * read (so they are stale, and read again as soon as the network is back). Only for the signed-in session: the
 * copy is dropped when the session ends.
 */
const STORE = 'cairn.lastKnown';
/** A copy bigger than this is not kept (localStorage is small and shared with the session). */
const MAX_CHARS = 400_000;

const KEPT: readonly QueryKey[] = [
  ['profile'],
  ['trails'],
  ['dashboards', 'me'],
  ['rewards'],
  ['battles', 'mine'],
  ['me', 'resets'],
];
const keptHashes = new Set(KEPT.map((k) => JSON.stringify(k)));
const isKept = (key: QueryKey) => keptHashes.has(JSON.stringify(key));

interface Entry {
  key: QueryKey;
  data: unknown;
  at: number;
}

function read(): Record<string, Entry> {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORE) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Entry>) : {};
  } catch {
    return {};
  }
}

function write(entries: Record<string, Entry>) {
  try {
    const text = JSON.stringify(entries);
    if (text.length <= MAX_CHARS) localStorage.setItem(STORE, text);
  } catch {
    // full or unavailable (private mode): the app works as before, without a copy
  }
}

/** Puts the kept copies into the cache where it holds nothing for them yet. */
export function restoreLastKnown(qc: QueryClient): void {
  for (const entry of Object.values(read())) {
    if (!Array.isArray(entry?.key) || !isKept(entry.key) || entry.data === undefined) continue;
    if (qc.getQueryData(entry.key) !== undefined) continue;
    qc.setQueryData(entry.key, entry.data, { updatedAt: entry.at });
  }
}

/** Drops the kept copies (the session ended: they belong to its user). */
export function forgetLastKnown(): void {
  try {
    localStorage.removeItem(STORE);
  } catch {
    // nothing kept
  }
}

/**
 * Keeps the kept reads as they succeed, restores them when the app starts offline or the network goes away, and
 * reads them again from the server when it comes back. Returns the clean-up.
 */
export function keepLastKnown(qc: QueryClient): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    pending = undefined;
    const entries = read();
    for (const query of qc.getQueryCache().getAll()) {
      if (!isKept(query.queryKey) || query.state.data === undefined || query.state.status !== 'success') continue;
      entries[query.queryHash] = { key: query.queryKey, data: query.state.data, at: query.state.dataUpdatedAt };
    }
    write(entries);
  };
  const offCache = qc.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isKept(event.query.queryKey)) return;
    // a restored copy is not a new read: nothing to keep
    if (event.action.manual && !navigator.onLine) return;
    pending ??= setTimeout(save, 0);
  });
  const offline = () => restoreLastKnown(qc);
  // back online: what the screens show is read again (paused reads resume on their own; copies read while offline,
  // even from the service worker's cache, are not the server's latest)
  const online = () => void qc.invalidateQueries({ predicate: (q) => isKept(q.queryKey) });
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  if (!navigator.onLine) restoreLastKnown(qc);
  return () => {
    clearTimeout(pending);
    offCache();
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}

/**
 * A read with nothing to show because there is no network: paused until it is back, or failed offline without an
 * answer (its retries were cut short, e.g. when its screen was rendered anew). Its screen says so, not "empty" or
 * "something went wrong"; it is read again when the network returns (a read with no data is stale).
 */
export function waitingForNetwork(query: {
  data: unknown;
  fetchStatus: string;
  isError?: boolean;
  error?: unknown;
}): boolean {
  if (query.data !== undefined) return false;
  if (query.fetchStatus === 'paused') return true;
  return (
    !!query.isError && !(query.error instanceof HttpError) && typeof navigator !== 'undefined' && !navigator.onLine
  );
}
