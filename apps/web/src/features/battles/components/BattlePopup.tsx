import type { BattleNotificationType } from '@cairn/shared/api/battles';
import type { AppNotification } from '@cairn/shared/api/results';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { battleKey, shortName, useAnswerChallenge } from '../api';
import { battlePopup, battleResultPanel, useBattlePopup } from '../store';

const TYPES: readonly BattleNotificationType[] = [
  'challenge',
  'accepted',
  'declined',
  'finished',
  'reminder_challenge',
  'reminder_finish',
  'oppenent_changed',
];
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The §4 battle notification popup: challenge and reminder_challenge offer Decline and Accept; the other types
 * See details and Dismiss. See details on finished / reminder_finish shows the summary (the result panel when
 * already on that battle's page, else /player-battle/{id}); on the others it goes to the trail.
 */
export function BattlePopup() {
  const n = useBattlePopup();
  return n ? <Popup key={n.id} n={n} /> : null;
}

function Popup({ n }: { n: AppNotification }) {
  const { t } = useTranslation('battles');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const localize = useLocalePath();
  const [busy, setBusy] = useState(false);
  const answerBattle = useAnswerChallenge();
  const type = (TYPES as readonly string[]).includes(str(n.data.type))
    ? (n.data.type as BattleNotificationType)
    : 'declined';
  const battleId = Number(n.data.battle_id);
  const trailId = Number(n.data.trail_id);
  const player = shortName(str(n.data.player));
  const vars = { player, old_player: shortName(str(n.data.old_player)), trail: str(n.data.trail) };
  const asks = type === 'challenge' || type === 'reminder_challenge';
  const style = n.data.style as { font_color?: string; bg_color_from?: string } | null | undefined;

  async function answer(accept: boolean) {
    setBusy(true);
    const battle = await answerBattle(battleId, accept);
    // the popup closes either way (a refusal was logged or toasted)
    battlePopup.close();
    setBusy(false);
    if (battle && accept) await navigate(localize(`/games/battle/${battleId}`));
  }

  async function details() {
    battlePopup.close();
    if (type === 'finished' || type === 'reminder_finish') {
      const here = [`/player-battle/${battleId}`, `/games/battle/${battleId}`].some((p) =>
        location.pathname.endsWith(p),
      );
      if (here) {
        await qc.invalidateQueries({ queryKey: battleKey(battleId) });
        battleResultPanel.open(battleId);
      } else await navigate(localize(`/player-battle/${battleId}`));
    } else if (Number.isInteger(trailId) && trailId > 0) await navigate(localize(`/games/${trailId}`));
  }

  return (
    <Dialog open wide title={t(`popup.title.${type}`)} onClose={() => battlePopup.close()}>
      <div
        className="mt-4 flex flex-col items-center gap-3 rounded-xl p-4 text-center"
        style={style?.bg_color_from ? { background: style.bg_color_from, color: style.font_color } : undefined}
      >
        <Avatar url={str(n.data.avatar) || null} name={str(n.data.player) || '?'} alt="" size={200} />
        <p className="text-lg font-semibold">{t(`popup.${type}`, vars)}</p>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        {asks ? (
          <>
            <Button variant="secondary" disabled={busy} onClick={() => void answer(false)}>
              {t('popup.decline')}
            </Button>
            <Button disabled={busy} onClick={() => void answer(true)}>
              {t('popup.accept')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => battlePopup.close()}>
              {t('popup.dismiss')}
            </Button>
            <Button onClick={() => void details()}>{t('popup.details')}</Button>
          </>
        )}
      </div>
    </Dialog>
  );
}
