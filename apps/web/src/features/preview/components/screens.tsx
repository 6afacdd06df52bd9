import type { Trail } from '@cairn/shared/api/trails';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatPercent } from '../../../lib/percent';
import { useLocalePath } from '../../../lib/use-locale';
import { Avatar } from '../../../ui/Avatar';
import { Button, buttonClass } from '../../../ui/Button';
import { PageHeading } from '../../../ui/PageHeading';
import { TextField } from '../../../ui/TextField';
import { Crown, TrailCard } from '../../games';

/** Sample trails of the preview: no session, no server data (§1: mirrors home and me). */
function sampleTrails(name: (i: 1 | 2 | 3) => string): Trail[] {
  const base = {
    description: null,
    icon: null,
    difficulty: 'easy' as const,
    duration: { days: 0, hours: 0, minutes: 20, seconds: 0, time_in_seconds: 1200 },
    coach: null,
    achievements: [],
    can_reset: false,
    starts_on: null,
    due_on: null,
    pdf: null,
  };
  const progress = (percent: number, crowns: number) => ({
    answered: percent / 10,
    passed: percent / 10,
    total: 10,
    percent,
    status:
      percent === 0 ? ('not_started' as const) : percent === 100 ? ('completed' as const) : ('in_progress' as const),
    xp: percent * 2,
    xp_total: 200,
    crowns,
    crowns_total: 3,
    tries_total: 0,
    tries_used: 0,
    tries_left: null,
  });
  return [
    { ...base, id: 1, name: name(1), type: 'exam' as const, style: { gradient: 0 }, progress: progress(60, 2) },
    { ...base, id: 2, name: name(2), type: 'survey' as const, style: { gradient: 1 }, progress: progress(0, 0) },
    { ...base, id: 3, name: name(3), type: 'assessment' as const, style: { gradient: 11 }, progress: progress(100, 3) },
  ];
}

function useSamples() {
  const { t } = useTranslation('preview');
  return sampleTrails((i) => t(`sample.trail${i}`));
}

function Note() {
  const { t } = useTranslation('preview');
  return <p className="mb-4 text-sm text-slate-600">{t('note')}</p>;
}

/** /preview/games: the home screen with sample trails. */
export function PreviewGames() {
  const { t } = useTranslation('games');
  const localize = useLocalePath();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <PageHeading title={t('list.title')} />
      <Note />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {useSamples().map((trail) => (
          <TrailCard key={trail.id} trail={trail} to={localize(`/preview/games/${trail.id}`)} />
        ))}
      </ul>
    </section>
  );
}

/** /preview/games/{id}: a sample trail's detail. */
export function PreviewGameDetail() {
  const { t } = useTranslation(['games', 'preview']);
  const localize = useLocalePath();
  const { id } = useParams();
  const samples = useSamples();
  const trail = samples.find((s) => String(s.id) === id) ?? samples[0];
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <Link
        to={localize('/preview/games')}
        className="text-sm font-semibold text-accent-ink underline underline-offset-4"
      >
        {t('detail.back')}
      </Link>
      <div className="mt-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t(`types.${trail.type}`)}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{trail.name}</h1>
        <p className="mt-2 text-slate-700">{t('preview:sample.description')}</p>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-600">{t('detail.xp')}</dt>
            <dd className="font-semibold">
              {t('detail.scoreOf', { score: trail.progress.xp, total: trail.progress.xp_total })}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('detail.crowns')}</dt>
            <dd className="flex items-center gap-1 font-semibold">
              <Crown />
              {t('detail.scoreOf', { score: trail.progress.crowns, total: trail.progress.crowns_total })}
            </dd>
          </div>
        </dl>
        <div className="mt-4 h-2 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full bg-accent" style={{ width: `${trail.progress.percent}%` }} />
        </div>
        <Button className="mt-6">{trail.progress.percent > 0 ? t('detail.continue') : t('detail.start')}</Button>
      </div>
    </section>
  );
}

/** /preview/me: the me screen with a sample learner. */
export function PreviewMe() {
  const { t, i18n } = useTranslation(['me', 'preview']);
  const name = t('preview:sample.name');
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t('profile.title')}</h1>
      <Note />
      <div className="mb-6 flex flex-wrap items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <Avatar url={undefined} name={name} alt="" size={64} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold">{name}</p>
          <p className="truncate text-slate-600">learner@example.com</p>
          <div className="mt-2 max-w-xs">
            <p id="preview-completion" className="text-sm text-slate-700">
              {t('profile.completion', { percent: formatPercent(70, i18n.language) })}
            </p>
            <div
              role="progressbar"
              aria-labelledby="preview-completion"
              aria-valuenow={70}
              aria-valuemin={0}
              aria-valuemax={100}
              className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-accent" style={{ width: '70%' }} />
            </div>
          </div>
        </div>
        <span className={buttonClass('secondary')}>{t('profile.edit')}</span>
      </div>
    </section>
  );
}

const noSubmit = (e: FormEvent) => e.preventDefault();

function AuthCard({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8">
      <Note />
      <form
        onSubmit={noSubmit}
        className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro && <p className="text-slate-600">{intro}</p>}
        {children}
      </form>
    </section>
  );
}

/** /preview/login and /preview-login/{id?}: the login screen, inert. */
export function PreviewLogin() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('login.title')} intro={t('login.subtitle')}>
      <TextField label={t('fields.email')} type="email" name="email" autoComplete="off" />
      <TextField label={t('fields.password')} type="password" name="password" autoComplete="off" />
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" defaultChecked className="size-5 accent-accent" />
        {t('login.terms')}
      </label>
      <Button type="submit">{t('login.submit')}</Button>
      <span className="text-sm font-semibold text-accent-ink underline underline-offset-4">{t('login.forgot')}</span>
    </AuthCard>
  );
}

/** /preview/password-forgot */
export function PreviewPasswordForgot() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('forgot.title')} intro={t('forgot.intro')}>
      <TextField label={t('fields.email')} type="email" name="email" autoComplete="off" />
      <Button type="submit">{t('forgot.submit')}</Button>
    </AuthCard>
  );
}

/** /preview/password-reset */
export function PreviewPasswordReset() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('reset.title')} intro={t('reset.intro')}>
      <TextField label={t('fields.newPassword')} type="password" name="password" autoComplete="off" />
      <TextField label={t('fields.confirmPassword')} type="password" name="confirm" autoComplete="off" />
      <Button type="submit">{t('reset.submit')}</Button>
    </AuthCard>
  );
}
