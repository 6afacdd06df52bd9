import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../lib/use-profile';
import { Button } from '../../../ui/Button';
import { dismissRefused } from '../store';
import { currentOfflineUser, setOfflineUser } from '../sync';
import { useOfflineStore, useOnline, useSyncing } from '../use-offline';

const KNOWN_REASONS = [
  'answer_reset',
  'not_found',
  'answer_locked',
  'pebble_locked',
  'validation_failed',
  'trail_not_started',
] as const;
type Reason = (typeof KNOWN_REASONS)[number];
const known = (code: string): code is Reason => (KNOWN_REASONS as readonly string[]).includes(code);

/**
 * The outbox's quiet banner (docs/offline.md): how many answers wait while offline, the count going down while they
 * are sent, and the answers the server did not accept with the reason, until the learner has read them.
 */
export function OutboxBanner() {
  const { t } = useTranslation('offline');
  const online = useOnline();
  const syncing = useSyncing();
  const profileId = useProfile().data?.id;
  // the outbox is the signed-in user's: known once their profile is (and kept for a reload without network)
  useEffect(() => {
    if (profileId !== undefined) setOfflineUser(profileId);
  }, [profileId]);
  const { pending, refused } = useOfflineStore();
  const count = pending.length;
  if (count === 0 && refused.length === 0) return null;
  const line = !online ? 'banner.offline' : syncing ? 'banner.sending' : 'banner.waiting';
  return (
    <div className="sticky top-0 z-40 flex flex-col gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-950">
      {count > 0 && (
        <p role="status" className="text-center font-semibold">
          {t(line, { count })}
        </p>
      )}
      {refused.length > 0 && (
        <section role="alert" aria-labelledby="refused-title" className="mx-auto flex max-w-3xl flex-col gap-1">
          <h2 id="refused-title" className="font-bold">
            {t('refused.title', { count: refused.length })}
          </h2>
          <ul className="list-disc ps-5">
            {refused.map((r) => (
              <li key={r.clientId}>
                {t('refused.item', {
                  pebble: r.pebbleName,
                  reason: known(r.code)
                    ? t(`refused.reasons.${r.code}`)
                    : t('refused.reasons.other', { message: r.message }),
                })}
              </li>
            ))}
          </ul>
          <p>{t('refused.replaced')}</p>
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => {
              const user = currentOfflineUser();
              if (user !== null) void dismissRefused(user);
            }}
          >
            {t('refused.dismiss')}
          </Button>
        </section>
      )}
    </div>
  );
}
