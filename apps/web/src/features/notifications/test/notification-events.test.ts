import type { AppNotification } from '@cairn/shared/api/results';
import { NOTIFICATION_EVENTS, NOTIFICATION_KINDS } from '@cairn/shared/notifications';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en/notifications.json';
import { battlePopupStore, battlesKey, datePopupStore } from '../../battles';
import { resultsKey } from '../../results';
import {
  GENERIC_ROW,
  NOTIFICATION_EVENTS_TABLE,
  notificationArrived,
  notificationEventRow,
} from '../notification-events';

const notification = (event: string, data: Record<string, unknown> = {}): AppNotification => ({
  id: 12,
  event,
  read_at: null,
  created_at: '2026-03-02T10:00:00.000Z',
  data,
});

/** Records the requests (markNotificationRead is GET /api/notifications/{id}). */
function stubServer() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ data: notification('NOTIFY_BATTLE') }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

function queryClient() {
  const qc = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(qc, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey);
  });
  return { qc, invalidated };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  battlePopupStore.set(null);
  datePopupStore.set(null);
});

describe('the notification event table', () => {
  it('has a row for every event of the shared map, and no other', () => {
    // a kind added to packages/shared/src/notifications.ts without a row here fails
    for (const event of NOTIFICATION_EVENTS) expect(Object.hasOwn(NOTIFICATION_EVENTS_TABLE, event), event).toBe(true);
    for (const kind of NOTIFICATION_KINDS) expect(notificationEventRow(kind.split('.')[0]), kind).not.toBe(GENERIC_ROW);
    expect(Object.keys(NOTIFICATION_EVENTS_TABLE).sort()).toEqual([...NOTIFICATION_EVENTS].sort());
  });

  it('gives every row a title the list has, and an unknown event the generic one', () => {
    const titles = Object.keys(en.event).map((k) => `event.${k}`);
    for (const row of Object.values(NOTIFICATION_EVENTS_TABLE)) expect(titles).toContain(row.title);
    expect(notificationEventRow('NOTIFY_SOMETHING_NEW')).toBe(GENERIC_ROW);
    expect(notificationEventRow('toString')).toBe(GENERIC_ROW);
    expect(GENERIC_ROW.title).toBe('event.other');
  });

  it('on arrival shows a popup, marks it read and refreshes the row’s queries', async () => {
    const calls = stubServer();
    const { qc, invalidated } = queryClient();
    const battle = notification('NOTIFY_BATTLE', { type: 'challenge', battle_id: 9 });
    await notificationArrived(battle, qc);
    expect(battlePopupStore.get()?.id).toBe(12);
    expect(calls).toEqual(['/api/notifications/12']);
    expect(invalidated).toEqual([battlesKey]);

    await notificationArrived(notification('DUE_DATE', { type: 'one_day', trails: [] }), qc);
    expect(datePopupStore.get()?.event).toBe('DUE_DATE');
    expect(calls).toHaveLength(2);
  });

  it('refreshes without a popup or a read when the row has none (or nothing to show)', async () => {
    const calls = stubServer();
    const { qc, invalidated } = queryClient();
    await notificationArrived(notification('NOTIFY_CERTIFICATE', { pdf: '/files/pdfs/c.pdf' }), qc);
    expect(invalidated).toEqual([resultsKey]);
    // a reward without rewards has nothing to show: not read here
    await notificationArrived(notification('NOTIFY_REWARD', {}), qc);
    await notificationArrived(notification('NOTIFY_SOMETHING_NEW', { trail_id: 5 }), qc);
    expect(calls).toEqual([]);
    expect(invalidated).toHaveLength(3);
  });
});
