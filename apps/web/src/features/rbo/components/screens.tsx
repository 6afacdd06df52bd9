import type { RboTarget } from '@cairn/shared/api/ratings';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useLocalePath } from '../../../lib/use-locale';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { EmptyState, PageHeading } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { MediaView } from '../../media';
import { myRatingsKey, rateAnswer, rboTargetKey, useMyRatings, useRboTarget } from '../api';
import { RatingInput, RatingView } from './RatingInput';
import { RatingsView } from './RatingsView';

const COMMENT_MAX = 500;

/** Where the player opens on a pebble with its Ratings panel (the 'rating' notification's target, §4). */
export const playerRatingsState = (pebbleId: number) => ({ rboPebble: pebbleId, panel: 'ratings' as const });

function Answers({ target }: { target: RboTarget }) {
  const { t } = useTranslation('rbo');
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm" aria-labelledby="rbo-answer">
      <h2 id="rbo-answer" className="sr-only">
        {t('answer.theAnswer')}
      </h2>
      <div className="mb-4 flex items-center gap-3">
        <Avatar url={target.player.avatar} name={target.player.name} alt="" size={48} />
        <div>
          <p className="font-semibold text-slate-900">{target.player.name}</p>
          <p className="text-sm text-slate-600">
            {target.pebble.trail_name} · {target.pebble.name}
          </p>
        </div>
      </div>
      {target.pebble.questions.map((q) => (
        <p key={q} className="font-semibold text-slate-800">
          {q}
        </p>
      ))}
      <div className="mt-3 flex flex-col gap-2">
        {target.answers.map((a, i) =>
          a.media ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: answers keep their order and have no id of their own
            <MediaView key={i} url={a.media.url} title={a.media.title} mimetype={a.media.mimetype} />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: answers keep their order and have no id of their own
            <blockquote key={i} className="rounded-xl bg-slate-50 px-4 py-3 text-slate-900">
              {a.value}
            </blockquote>
          ),
        )}
      </div>
    </section>
  );
}

/** /rbo/{pebble_id}/{player_id}: answering a peer rating request (§2): the answer, 1 to 5, a comment. */
export function RboAnswerScreen() {
  const { t } = useTranslation('rbo');
  const params = useParams();
  const pebbleId = Number(params.pebble_id);
  const playerId = Number(params.player_id);
  const query = useRboTarget(pebbleId, playerId);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (query.isPending) return <Spinner label={t('loading')} />;
  if (query.isError || !query.data) {
    const status = query.error instanceof HttpError ? query.error.status : 0;
    return (
      <section className="mx-auto w-full max-w-2xl px-4 py-8">
        <PageHeading title={t('answer.title')} />
        <EmptyState>{status === 403 ? t('answer.notYours') : t('answer.empty')}</EmptyState>
      </section>
    );
  }
  const target = query.data;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (rating === null) return;
    setBusy(true);
    setFailure(null);
    try {
      await rateAnswer(pebbleId, playerId, { rating, comment: comment.trim() });
      notify.success(t('form.sent'));
      void qc.invalidateQueries({ queryKey: myRatingsKey });
      void qc.invalidateQueries({ queryKey: rboTargetKey(pebbleId, playerId) });
      await navigate(localize('/rbo/results'));
    } catch (err) {
      setFailure(err instanceof HttpError && err.status === 409 ? t('form.already') : t('form.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <PageHeading title={t('answer.heading', { name: target.player.name })}>
        {target.request?.mandatory ? t('answer.mandatory') : t('answer.intro')}
      </PageHeading>
      <Answers target={target} />
      {target.my_rating ? (
        <div className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
          <p className="font-semibold text-slate-900">{t('answer.youRated')}</p>
          <RatingView value={target.my_rating.rating} scale={target.scale} />
          {target.my_rating.comment && <p className="mt-2 text-slate-700">{target.my_rating.comment}</p>}
        </div>
      ) : (
        <form onSubmit={submit} className="mt-6 flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm">
          <RatingInput value={rating} onChange={setRating} scale={target.scale} disabled={busy} />
          <label className="flex flex-col gap-1">
            <span className="font-semibold text-slate-900">{t('form.comment')}</span>
            <textarea
              value={comment}
              maxLength={COMMENT_MAX}
              rows={4}
              onChange={(e) => setComment(e.target.value)}
              className="rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
              aria-describedby="rbo-comment-count"
            />
            <span id="rbo-comment-count" className="text-end text-xs text-slate-600">
              {t('form.count', { count: comment.length, max: COMMENT_MAX })}
            </span>
          </label>
          {failure && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {failure}
            </p>
          )}
          <Button type="submit" disabled={rating === null || busy}>
            {t('form.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}

/** /rbo/results: the requests waiting for the user, and the ratings their answers received, by pebble. */
export function RboResultsScreen() {
  const { t } = useTranslation('rbo');
  const localize = useLocalePath();
  const { data, isPending } = useMyRatings();
  if (isPending) return <Spinner label={t('loading')} />;
  const requests = data?.requests ?? [];
  const received = data?.received ?? [];
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <PageHeading title={t('results.title')} />
      <h2 className="mb-3 text-lg font-bold text-slate-900">{t('results.waiting')}</h2>
      {requests.length === 0 ? (
        <EmptyState>{t('results.noRequests')}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {requests.map((r) => (
            <li key={`${r.pebble_id}-${r.player.id}`}>
              <Link
                to={localize(`/rbo/${r.pebble_id}/${r.player.id}`)}
                className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm hover:bg-slate-50"
              >
                <Avatar url={r.player.avatar} name={r.player.name} alt="" size={40} />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">
                    {t('results.rateX', { name: r.player.name })}
                  </span>
                  <span className="block text-sm text-slate-600">
                    {r.trail_name} · {r.pebble_name}
                  </span>
                </span>
                {r.mandatory && (
                  <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-on-accent">
                    {t('results.mandatory')}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-8 mb-3 text-lg font-bold text-slate-900">{t('results.received')}</h2>
      {received.length === 0 ? (
        <EmptyState>{t('results.empty')}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {received.map((p) => (
            <li key={p.pebble_id}>
              <Link
                to={localize(`/rbo/pebble/${p.pebble_id}`)}
                className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm hover:bg-slate-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{p.pebble_name}</span>
                  <span className="block text-sm text-slate-600">{p.trail_name}</span>
                </span>
                <span className="text-end">
                  <RatingView value={Math.round(p.average_rating)} size="size-4" />
                  <span className="block text-xs text-slate-600">{t('panel.total', { count: p.total_ratings })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /rbo/pebble/{id}: the ratings the user's answer to one pebble received. */
export function RboPebbleScreen() {
  const { t } = useTranslation('rbo');
  const localize = useLocalePath();
  const id = Number(useParams().id);
  const { data, isPending } = useMyRatings();
  if (isPending) return <Spinner label={t('loading')} />;
  const entry = data?.received.find((p) => p.pebble_id === id);
  if (!entry) {
    return (
      <section className="mx-auto w-full max-w-2xl px-4 py-8">
        <PageHeading title={t('pebble.title')} />
        <EmptyState>{t('pebble.empty')}</EmptyState>
      </section>
    );
  }
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <PageHeading title={entry.pebble_name}>{entry.trail_name}</PageHeading>
      <div className="rounded-2xl bg-white p-4 shadow-sm">
        <RatingsView results={entry} />
      </div>
      <Link
        to={localize(`/player/${entry.trail_id}`)}
        state={playerRatingsState(entry.pebble_id)}
        className="mt-6 inline-block font-semibold text-slate-900 underline underline-offset-4"
      >
        {t('pebble.openInPlayer')}
      </Link>
    </section>
  );
}
