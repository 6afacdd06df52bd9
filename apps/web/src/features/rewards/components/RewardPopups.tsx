import type { User } from '@cairn/shared/api/accounts';
import { TIMINGS } from '@cairn/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { profileKey } from '../../../lib/profile';
import { useLocalePath } from '../../../lib/use-locale';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { markFirstRewardSeen } from '../api';
import { rewardsUi, useRewardsUi } from '../store';
import { RewardPopup } from './RewardPopup';

/** The first-reward message of §4: 'check it out' goes to /me, where the rewards list is. */
export function FirstRewardMessage({
  open,
  onCheck,
  onClose,
}: {
  open: boolean;
  onCheck: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['results', 'common']);
  return (
    <Dialog open={open} title={t('rewards.first.title')} onClose={onClose}>
      <p className="text-slate-700">{t('rewards.first.body')}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
        <Button onClick={onCheck}>{t('rewards.first.check')}</Button>
      </div>
    </Dialog>
  );
}

/**
 * The reward popup and, 500 ms after it closed, the first-reward message when one of the rewards was the
 * user's first (`first_time`) and the user was never shown the message (the profile's `first_reward_seen`, kept by
 * the server: once per user, not per tab or device). Closing clears the rewards (§4).
 */
export function RewardPopups() {
  const { popup, firstMessage } = useRewardsUi();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function close() {
    const seen = qc.getQueryData<User>(profileKey)?.first_reward_seen === true;
    const first = !seen && popup.some((r) => r.first_time);
    rewardsUi.clear();
    clearTimeout(timer.current);
    if (!first) return;
    timer.current = setTimeout(() => {
      rewardsUi.showFirstMessage(true);
      markFirstRewardSeen(qc);
    }, TIMINGS.rewardCloseDelayMs);
  }

  return (
    <>
      {popup.length > 0 && <RewardPopup rewards={popup} onClose={close} />}
      <FirstRewardMessage
        open={firstMessage && popup.length === 0}
        onClose={() => rewardsUi.showFirstMessage(false)}
        onCheck={() => {
          rewardsUi.showFirstMessage(false);
          void navigate(localize('/me'));
        }}
      />
    </>
  );
}
