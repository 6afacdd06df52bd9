import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  type DownloadedTrail,
  downloadedTrails,
  onOfflineChange,
  type PendingAnswer,
  pendingAnswers,
  type RefusedAnswer,
  refusedAnswers,
} from './store';
import { currentOfflineUser, onSyncState, syncState } from './sync';

function subscribeOnline(change: () => void) {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
}

export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
export const useSyncing = () =>
  useSyncExternalStore(
    onSyncState,
    () => syncState().running,
    () => false,
  );

export interface OfflineSnapshot {
  pending: PendingAnswer[];
  refused: RefusedAnswer[];
  trails: DownloadedTrail[];
}
const EMPTY: OfflineSnapshot = { pending: [], refused: [], trails: [] };

/** The signed-in user's outbox, refusals and downloads, read again whenever any tab changes them. */
export function useOfflineStore(): OfflineSnapshot {
  const [snap, setSnap] = useState(EMPTY);
  const load = useCallback(() => {
    const user = currentOfflineUser();
    if (user === null || typeof indexedDB === 'undefined') return setSnap(EMPTY);
    Promise.all([pendingAnswers(user), refusedAnswers(user), downloadedTrails(user)])
      .then(([pending, refused, trails]) => setSnap({ pending, refused, trails }))
      .catch((err) => console.warn('offline store not readable', err));
  }, []);
  useEffect(() => {
    load();
    return onOfflineChange(load);
  }, [load]);
  return snap;
}

/** "1.2 MB" in the interface language. */
export function formatBytes(bytes: number, locale: string): string {
  const mb = bytes / 1_000_000;
  const unit = mb >= 1 ? 'megabyte' : 'kilobyte';
  const value = mb >= 1 ? mb : Math.max(bytes / 1000, 1);
  return new Intl.NumberFormat(locale.replace('_', '-'), {
    style: 'unit',
    unit,
    maximumFractionDigits: 1,
  }).format(value);
}
