import type { AppNotification } from '@cairn/shared/api/results';
import { NOTIFICATIONS_PER_PAGE } from '@cairn/shared/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { fetchNotificationsPage, notificationsKey } from '../api';
import { notificationEventRow } from '../notification-events';
import { useOpenNotification } from './useOpenNotification';

export function useNotificationPages() {
  return useInfiniteQuery({
    queryKey: notificationsKey,
    queryFn: ({ pageParam }) => fetchNotificationsPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: ({ meta: { pagination: p } }) =>
      p.current_page < p.total_pages ? p.current_page + 1 : undefined,
  });
}

function NotificationItem({ n, onOpen }: { n: AppNotification; onOpen: (n: AppNotification) => void }) {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const unread = !n.read_at;
  const date = new Date(n.created_at);
  const when = Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long' }).format(date);
  // a battle, reward or rating names its trail; a due- or start-date notice lists its trails
  const trail =
    typeof n.data.trail === 'string'
      ? n.data.trail
      : Array.isArray(n.data.trails)
        ? (n.data.trails as { name?: unknown }[])
            .map((x) => (typeof x?.name === 'string' ? x.name : ''))
            .filter(Boolean)
            .join(', ') || null
        : null;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(n)}
        data-unread={unread || undefined}
        className={`flex w-full items-start gap-3 rounded-lg px-3 py-2 text-start hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent ${
          unread ? 'bg-accent/10 font-semibold text-slate-900' : 'text-slate-600'
        }`}
      >
        <span
          aria-hidden="true"
          className={`mt-1.5 size-2.5 shrink-0 rounded-full ${unread ? 'bg-accent' : 'bg-transparent'}`}
        />
        <span className="min-w-0 flex-1">
          {unread && <span className="sr-only">{t('unread')}: </span>}
          <span className="block">{t(notificationEventRow(n.event).title)}</span>
          {trail && <span className="block truncate text-sm font-normal">{trail}</span>}
          {when && (
            <time dateTime={n.created_at} className="block text-xs font-normal text-slate-500">
              {when}
            </time>
          )}
        </span>
      </button>
    </li>
  );
}

/** Loads the next page when it scrolls into view; also a button for whoever gets there first by keyboard. */
function MoreSentinel({ loading, onMore }: { loading: boolean; onMore: () => void }) {
  const { t } = useTranslation('notifications');
  const ref = useRef<HTMLButtonElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) more.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <button
      ref={ref}
      type="button"
      onClick={onMore}
      disabled={loading}
      data-testid="notifications-sentinel"
      className="mt-2 w-full rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 disabled:opacity-60"
    >
      {loading ? t('loadingMore') : t('loadMore')}
    </button>
  );
}

/** The side panel's notifications view (§2, §4): newest first, unread marked, infinite scroll above 15. */
export default function NotificationList() {
  const { t } = useTranslation('notifications');
  const pages = useNotificationPages();
  const open = useOpenNotification();

  if (pages.isPending) return <Spinner label={t('loading')} />;
  const items = pages.data?.pages.flatMap((p) => p.data) ?? [];
  if (items.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  const total = pages.data?.pages[0]?.meta.pagination.total ?? 0;
  const more = () => {
    if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  return (
    <div>
      <ul aria-label={t('list')} className="flex flex-col gap-1">
        {items.map((n) => (
          <NotificationItem key={n.id} n={n} onOpen={(x) => void open(x)} />
        ))}
      </ul>
      {total > NOTIFICATIONS_PER_PAGE && pages.hasNextPage && (
        <MoreSentinel loading={pages.isFetchingNextPage} onMore={more} />
      )}
    </div>
  );
}
