import type { CustomerTheme, ThemeBackground } from '@cairn/shared/api/reference';

import { accessibleBrand, hexOf, type Palette, rgbOfHex } from '@cairn/shared/branding';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { Button } from '../../../ui/Button';
import { EmptyState, PageHeading } from '../../../ui/PageHeading';
import { SelectField } from '../../../ui/SelectField';
import { Spinner } from '../../../ui/Spinner';
import { PREVIEW_MESSAGE, PREVIEW_READY } from '../../preview';
import { useCustomerTheme, useSaveTheme } from '../api';

interface Draft {
  color0: string;
  color2: string;
  landscape: string;
  portrait: string;
  /** overlay darkness in percent, 0..90 */
  shade: number;
}

const NONE = 'none';

function draftOf(c: CustomerTheme): Draft {
  const a = c.theme.backgroundLandscape?.brightness.a ?? c.theme.backgroundPortrait?.brightness.a ?? 0.35;
  return {
    color0: hexOf(c.style.colors.color0),
    color2: hexOf(c.style.colors.color2),
    landscape: c.theme.backgroundLandscape?.url ?? NONE,
    portrait: c.theme.backgroundPortrait?.url ?? NONE,
    shade: Math.round(a * 100),
  };
}

const background = (url: string, shade: number): ThemeBackground | null =>
  url === NONE ? null : { url, brightness: { r: 0, g: 0, b: 0, a: shade / 100 } };

function paletteOf(d: Draft): Palette {
  return {
    color0: rgbOfHex(d.color0) ?? { r: 255, g: 114, b: 51 },
    color2: rgbOfHex(d.color2) ?? { r: 38, g: 50, b: 56 },
  };
}

/** A colour input with its hex value and, when the §9/AA rule had to adjust it, the shade the app will use. */
function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('brand');
  const id = useId();
  const rgb = rgbOfHex(value);
  const used = rgb ? hexOf(accessibleBrand(rgb).background) : value;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="color"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={`${id}-note`}
          className="h-11 w-16 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <span className="font-mono text-sm text-slate-700">{value}</span>
      </div>
      <p id={`${id}-note`} className="text-sm text-slate-600">
        {used !== value ? t('adjusted', { hex: used }) : t('readable')}
      </p>
    </div>
  );
}

/**
 * /brand: a customer admin (is_admin) picks the palette and backgrounds, sees the app in preview mode in a frame
 * updating live (postMessage to the frame's origin, which is this one), and saves the theme for the customer.
 */
export default function BrandScreen() {
  const { t } = useTranslation(['brand', 'common']);
  const { data: user } = useProfile();
  const isAdmin = !!user?.is_admin && !!user.customer;
  const { data, isPending, isError } = useCustomerTheme(isAdmin);
  const save = useSaveTheme();
  const localize = useLocalePath();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [page, setPage] = useState('/preview/games');
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (data && !draft) setDraft(draftOf(data));
  }, [data, draft]);

  const message = useMemo(() => {
    if (!draft) return null;
    return {
      type: PREVIEW_MESSAGE,
      colors: paletteOf(draft),
      backgroundLandscape: background(draft.landscape, draft.shade),
      backgroundPortrait: background(draft.portrait, draft.shade),
      logo: user?.customer?.logo[0]?.url ?? null,
    };
  }, [draft, user]);

  // live preview: every change goes to the frame, and the whole state again whenever the frame says it is ready
  useEffect(() => {
    const post = () => message && frame.current?.contentWindow?.postMessage(message, window.location.origin);
    post();
    const onReady = (e: MessageEvent) => {
      if (
        e.origin === window.location.origin &&
        e.source === frame.current?.contentWindow &&
        e.data?.type === PREVIEW_READY
      )
        post();
    };
    window.addEventListener('message', onReady);
    return () => window.removeEventListener('message', onReady);
  }, [message]);

  if (!user) return <Spinner label={t('common:status.loading')} />;
  if (!isAdmin) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8">
        <PageHeading title={t('title')} />
        <EmptyState>{t('adminsOnly')}</EmptyState>
      </section>
    );
  }

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const bgOptions = [
    { value: NONE, label: t('noBackground') },
    ...(data?.backgrounds ?? []).map((url) => ({ value: url, label: url.split('/').pop() ?? url })),
  ];
  const onSave = () => {
    if (!draft) return;
    const p = paletteOf(draft);
    save.mutate(
      {
        color0: p.color0,
        color2: p.color2,
        backgroundLandscape: background(draft.landscape, draft.shade),
        backgroundPortrait: background(draft.portrait, draft.shade),
      },
      { onSuccess: () => notify.success(t('saved')) },
    );
  };

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <PageHeading title={t('title')}>{t('intro', { company: user.customer?.company })}</PageHeading>
      {isPending || !draft ? (
        isError ? (
          <EmptyState>{t('loadFailed')}</EmptyState>
        ) : (
          <Spinner label={t('common:status.loading')} />
        )
      ) : (
        <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
          <form
            className="flex flex-col gap-5 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
            onSubmit={(e) => {
              e.preventDefault();
              onSave();
            }}
          >
            <h2 className="text-lg font-semibold text-slate-900">{t('colours')}</h2>
            <ColourField label={t('color0')} value={draft.color0} onChange={(v) => set({ color0: v })} />
            <ColourField label={t('color2')} value={draft.color2} onChange={(v) => set({ color2: v })} />
            <h2 className="text-lg font-semibold text-slate-900">{t('backgrounds')}</h2>
            <SelectField
              label={t('landscape')}
              placeholder={t('choose')}
              options={bgOptions}
              value={draft.landscape}
              onChange={(e) => set({ landscape: e.target.value })}
            />
            <SelectField
              label={t('portrait')}
              placeholder={t('choose')}
              options={bgOptions}
              value={draft.portrait}
              onChange={(e) => set({ portrait: e.target.value })}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="brand-shade" className="text-sm font-medium text-slate-800">
                {t('shade', { percent: draft.shade })}
              </label>
              <input
                id="brand-shade"
                type="range"
                min={0}
                max={90}
                step={5}
                value={draft.shade}
                onChange={(e) => set({ shade: Number(e.target.value) })}
                className="accent-accent"
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('saving') : t('save')}
              </Button>
              <Button variant="secondary" onClick={() => data && setDraft(draftOf(data))}>
                {t('revert')}
              </Button>
            </div>
          </form>
          <div className="flex min-w-0 flex-col gap-3">
            <fieldset className="flex flex-wrap items-center gap-2">
              <legend className="sr-only">{t('previewPage')}</legend>
              {[
                ['/preview/games', t('pages.home')],
                ['/preview/me', t('pages.me')],
                ['/preview/login', t('pages.login')],
              ].map(([path, label]) => (
                <Button
                  key={path}
                  variant={page === path ? 'primary' : 'secondary'}
                  aria-pressed={page === path}
                  onClick={() => setPage(path)}
                >
                  {label}
                </Button>
              ))}
            </fieldset>
            <iframe
              ref={frame}
              title={t('frameTitle')}
              src={localize(page)}
              className="h-[40rem] w-full rounded-2xl bg-white ring-1 ring-slate-200"
            />
          </div>
        </div>
      )}
    </section>
  );
}
