import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { myRatingsKey } from '../api';
import { rboPopup, useRboPopup } from '../store';
import { RatingView } from './RatingInput';
import { playerRatingsState } from './screens';

const FLIP_MS = 700;
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The rating popup of §4: a 'request' offers 'give rating' (→ /rbo/{pebble}/{player}); a 'rating' offers
 * 'check it out', which flips the card (380 px high) to show the rating, then opens the player on that pebble
 * with its Ratings panel. A mandatory request cannot be dismissed (no close button, Escape does nothing).
 */
export function RatingPopup() {
  const n = useRboPopup();
  const { t } = useTranslation('rbo');
  const navigate = useNavigate();
  const localize = useLocalePath();
  const qc = useQueryClient();
  const [flipped, setFlipped] = useState(false);
  if (!n) return null;
  const d = n.data;
  const isRequest = d.type === 'request';
  const mandatory = isRequest && d.mandatory === true;
  const close = () => {
    setFlipped(false);
    rboPopup.close();
  };

  async function giveRating() {
    close();
    await navigate(localize(`/rbo/${num(d.pebble_id)}/${num(d.player_id)}`));
  }

  function checkItOut() {
    setFlipped(true);
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.setTimeout(
      async () => {
        close();
        const trailId = num(d.trail_id);
        void qc.invalidateQueries({ queryKey: myRatingsKey });
        await navigate(localize(`/player/${trailId}`), { state: playerRatingsState(num(d.pebble_id)) });
      },
      reduced ? 0 : FLIP_MS,
    );
  }

  return (
    <Dialog
      wide
      open
      title={isRequest ? t('popup.requestTitle') : t('popup.ratingTitle')}
      onClose={close}
      dismissable={!mandatory}
    >
      {isRequest ? (
        <>
          <p className="text-slate-700">
            {t('popup.requestBody', { name: str(d.player) || t('popup.someone'), trail: str(d.trail) })}
          </p>
          {mandatory && <p className="mt-2 text-sm font-semibold text-slate-900">{t('popup.mandatory')}</p>}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {!mandatory && (
              <Button variant="secondary" onClick={close}>
                {t('popup.later')}
              </Button>
            )}
            <Button onClick={giveRating}>{t('popup.giveRating')}</Button>
          </div>
        </>
      ) : (
        <div className="[perspective:1000px]">
          <div
            data-testid="rating-card"
            data-flipped={flipped}
            className={`relative h-[380px] transition-transform duration-700 [transform-style:preserve-3d] motion-reduce:transition-none ${flipped ? '[transform:rotateY(180deg)]' : ''}`}
          >
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 rounded-2xl bg-slate-50 p-6 text-center [backface-visibility:hidden]">
              <p className="text-lg font-semibold text-slate-900">
                {t('popup.ratingBody', { name: str(d.rater) || t('popup.someone') })}
              </p>
              <div className="flex gap-2">
                <Button variant="secondary" onClick={close} disabled={flipped}>
                  {t('popup.dismiss')}
                </Button>
                <Button onClick={checkItOut} disabled={flipped}>
                  {t('popup.checkItOut')}
                </Button>
              </div>
            </div>
            <div
              aria-hidden={!flipped}
              className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-2xl bg-accent/10 p-6 text-center [backface-visibility:hidden] [transform:rotateY(180deg)]"
            >
              <RatingView value={num(d.rating)} />
              {str(d.comment) && <p className="text-slate-800">“{str(d.comment)}”</p>}
            </div>
          </div>
        </div>
      )}
    </Dialog>
  );
}
