import type { Contender } from '@cairn/shared/api/battles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { Avatar } from '../../../ui/Avatar';
import { Button, buttonClass } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { useTrail } from '../../trails';
import { battleKey, challenge, contendersOf, myBattlesKey, shortName, useContenders } from '../api';

const SEARCH_DEBOUNCE_MS = 300;

/** /games/contender/{trailId}: the learners who may be challenged on a battle trail, searchable, with a challenge popup. */
export default function ContenderScreen() {
  const { t } = useTranslation(['battles', 'common']);
  const trailId = Number(useParams().id);
  const localize = useLocalePath();
  const { data: trail } = useTrail(Number.isFinite(trailId) ? trailId : undefined);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Contender | null>(null);
  useEffect(() => {
    const id = setTimeout(() => setSearch(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [input]);
  const pages = useContenders(trailId, search);
  const contenders = pages.data?.pages.flatMap((p) => p.data) ?? [];
  const total = pages.data?.pages[0]?.meta.pagination.total ?? 0;

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:py-8">
      <Link
        to={localize(Number.isFinite(trailId) ? `/games/${trailId}` : '/games')}
        className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-slate-700 underline"
      >
        {t('contender.back')}
      </Link>
      <header>
        <h1 className="text-2xl font-bold">{t('contender.title')}</h1>
        {trail && <p className="text-slate-700">{trail.name}</p>}
      </header>
      <search>
        <TextField
          type="search"
          label={t('contender.search')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoComplete="off"
        />
      </search>
      {pages.isPending && pages.fetchStatus !== 'idle' ? (
        <Spinner label={t('common:status.loading')} />
      ) : pages.isError || contenders.length === 0 ? (
        <EmptyState>{search ? t('contender.noMatch') : t('contender.empty')}</EmptyState>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('contender.count', { count: total })}
          </p>
          <ul className="flex flex-col gap-2">
            {contenders.map((c) => (
              <li
                key={c.id}
                className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
              >
                <Avatar url={c.avatar} name={c.name} alt="" size={48} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">{c.name}</p>
                  <p className="text-sm text-slate-600">
                    {t('contender.stats', { won: c.stats.won, draw: c.stats.draw, lost: c.stats.lost })}
                  </p>
                </div>
                {c.open_battle_id ? (
                  <Link
                    to={localize(`/games/battle/${c.open_battle_id}`)}
                    className={buttonClass('secondary')}
                    aria-label={t('contender.openFor', { name: c.name })}
                  >
                    {t('contender.open')}
                  </Link>
                ) : (
                  <Button onClick={() => setChosen(c)} aria-label={t('contender.challengeName', { name: c.name })}>
                    {t('contender.challenge')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {pages.hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              disabled={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {t('contender.more')}
            </Button>
          )}
        </>
      )}
      {chosen && <ChallengeDialog trailId={trailId} contender={chosen} onClose={() => setChosen(null)} />}
    </section>
  );
}

/** The challenge popup: the contender at 200 px; Challenge creates the battle and opens it. */
function ChallengeDialog({
  trailId,
  contender,
  onClose,
}: {
  trailId: number;
  contender: Contender;
  onClose: () => void;
}) {
  const { t } = useTranslation('battles');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const [busy, setBusy] = useState(false);
  async function go() {
    setBusy(true);
    try {
      const battle = await challenge(trailId, contender.id);
      qc.setQueryData(battleKey(battle.id), battle);
      void qc.invalidateQueries({ queryKey: myBattlesKey });
      void qc.invalidateQueries({ queryKey: contendersOf(trailId) });
      await navigate(localize(`/games/battle/${battle.id}`));
    } catch {
      // the toast said why (an open battle already, the contender gone)
      void qc.invalidateQueries({ queryKey: contendersOf(trailId) });
      onClose();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open title={t('contender.confirmTitle')} onClose={onClose}>
      <div className="mt-4 flex flex-col items-center gap-3 text-center">
        <Avatar url={contender.avatar} name={contender.name} alt="" size={200} />
        <p className="text-lg font-semibold">{t('contender.confirm', { name: shortName(contender.name) })}</p>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('contender.cancel')}
        </Button>
        <Button disabled={busy} onClick={() => void go()}>
          {t('contender.challenge')}
        </Button>
      </div>
    </Dialog>
  );
}
