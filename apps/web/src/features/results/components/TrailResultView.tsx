import type { ResultOption, ResultPebble, TrailResult } from '@cairn/shared/api/results';
// the player's Info panel prints its play time with the same clock (docs/player.md, "Times")
import { clock } from '@cairn/shared/attempt';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadMedia } from '../../../lib/download';
import { AudioPlayer } from '../../../ui/AudioPlayer';
import { FileTypeIcon, fileKind } from '../../../ui/FileTypeIcon';
import { DimensionsChart } from './DimensionsChart';

function ChevronIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`size-5 shrink-0 transition ${open ? 'rotate-180' : ''}`}>
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A collapsible row (§2): a heading whose button toggles the content, with aria-expanded. */
export function Row({
  title,
  aside,
  defaultOpen = false,
  children,
}: {
  title: string;
  aside?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className="border-b border-slate-200 last:border-b-0">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-11 w-full items-center gap-2 py-2 text-start font-semibold text-slate-900"
        >
          <span className="min-w-0 flex-1 truncate">{title}</span>
          {aside !== undefined && <span className="text-sm font-normal text-slate-600">{aside}</span>}
          <ChevronIcon open={open} />
        </button>
      </h3>
      <div id={id} hidden={!open} className="pb-3">
        {children}
      </div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-end font-semibold tabular-nums text-slate-900">{children}</dd>
    </div>
  );
}

function Summary({ result }: { result: TrailResult }) {
  const { t } = useTranslation('results');
  const { status, tries, duration, points, crowns, rewards } = result.summary;
  const of = (s: { score: number; total: number }) => t('panel.scoreOf', { score: s.score, total: s.total });
  return (
    <dl className="text-sm">
      <Fact label={t('panel.summary.status')}>
        {t(`status.${status.status}`)} · {of(status)}
      </Fact>
      <Fact label={t('panel.summary.tries')}>
        {tries.total > 0 ? of(tries) : t('panel.summary.triesUnlimited', { count: tries.score })}
      </Fact>
      <Fact label={t('panel.summary.duration')}>
        {duration.total > 0
          ? t('panel.scoreOf', { score: clock(duration.score), total: clock(duration.total) })
          : clock(duration.score)}
      </Fact>
      <Fact label={t('panel.summary.points')}>{of(points)}</Fact>
      <Fact label={t('panel.summary.crowns')}>{of(crowns)}</Fact>
      <Fact label={t('panel.summary.rewards')}>{of(rewards)}</Fact>
    </dl>
  );
}

function Mark({ tone, children }: { tone: 'good' | 'bad' | 'mine'; children: ReactNode }) {
  const tones = {
    good: 'bg-green-100 text-green-900',
    bad: 'bg-red-100 text-red-900',
    mine: 'bg-slate-800 text-white',
  };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${tones[tone]}`}>{children}</span>;
}

function Media({ image, audio, video }: { image: string | null; audio: string | null; video: string | null }) {
  return (
    <>
      {image && <img src={image} alt="" className="mt-2 h-36 w-auto rounded-lg object-contain" />}
      {audio && <AudioPlayer src={audio} className="mt-2 w-full" />}
      {video && (
        // biome-ignore lint/a11y/useMediaCaption: learners' and authors' recordings come without captions
        <video controls src={video} className="mt-2 max-h-48 w-full rounded-lg" />
      )}
    </>
  );
}

/** The learner's uploaded answer (§9): each file with its file-type icon beside it. */
function Uploads({ input }: { input: NonNullable<ResultOption['input']> }) {
  const { t } = useTranslation('results');
  const row = 'mt-2 flex items-start gap-2';
  const icon = (kind: 'image' | 'audio' | 'video') => (
    <span className="mt-1 text-slate-700">
      <FileTypeIcon kind={kind} />
    </span>
  );
  return (
    <>
      {input.image && (
        <div className={row}>
          {icon('image')}
          <div className="min-w-0 flex-1 [&>*]:mt-0">
            <Media image={input.image} audio={null} video={null} />
          </div>
        </div>
      )}
      {input.audio && (
        <div className={row}>
          {icon('audio')}
          <div className="min-w-0 flex-1 [&>*]:mt-0">
            <Media image={null} audio={input.audio} video={null} />
          </div>
        </div>
      )}
      {input.video && (
        <div className={row}>
          {icon('video')}
          <div className="min-w-0 flex-1 [&>*]:mt-0">
            <Media image={null} audio={null} video={input.video} />
          </div>
        </div>
      )}
      {input.file && (
        <a
          href={input.file}
          target="_blank"
          rel="noopener"
          className="mt-1 inline-flex min-h-11 items-center gap-2 text-sm underline"
        >
          <FileTypeIcon kind={fileKind(null, input.file)} />
          {t('panel.pebble.openFile')}
        </a>
      )}
    </>
  );
}

function OptionItem({ option, own }: { option: ResultOption; own: boolean }) {
  const { t } = useTranslation('results');
  const wrong = option.selected && option.correct === false;
  const ring = option.correct ? 'ring-green-600' : wrong ? 'ring-red-600' : 'ring-slate-200';
  if (option.input) {
    const input = option.input;
    return (
      <li data-option="input" className="rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200">
        <p className="text-xs font-semibold text-slate-600">{t('panel.pebble.yourInput')}</p>
        {input.text && <p className="whitespace-pre-wrap text-slate-900">{input.text}</p>}
        <Uploads input={input} />
        {own && input.media_id != null && (
          <button
            type="button"
            onClick={() => void downloadMedia([input.media_id as number]).catch(() => {})}
            className="mt-1 ms-3 inline-flex min-h-11 items-center text-sm font-semibold underline"
          >
            {t('panel.pebble.downloadFile')}
          </button>
        )}
      </li>
    );
  }
  return (
    <li
      data-option={option.label}
      data-selected={option.selected}
      data-correct={option.correct ?? undefined}
      className={`rounded-lg p-2 ring-2 ${ring}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-bold text-slate-600" aria-hidden="true">
          {option.label}
        </span>
        <span className="sr-only">{t('panel.pebble.option', { label: option.label })}</span>
        <span className="min-w-0 flex-1 text-slate-900">{option.answer?.text || option.title}</span>
        {option.selected && <Mark tone="mine">{t('panel.pebble.selected')}</Mark>}
        {option.correct === true && <Mark tone="good">{t('panel.pebble.correct')}</Mark>}
        {wrong && <Mark tone="bad">{t('panel.pebble.wrong')}</Mark>}
      </div>
      <Media image={option.image} audio={option.audio} video={option.video} />
    </li>
  );
}

function PebbleResult({ pebble, onImprove, own }: { pebble: ResultPebble; onImprove?: () => void; own: boolean }) {
  const { t } = useTranslation('results');
  const state = !pebble.answered
    ? 'notAnswered'
    : pebble.passed === false
      ? 'failed'
      : pebble.passed
        ? 'passed'
        : 'answered';
  return (
    <article data-pebble-id={pebble.id} className="space-y-2 py-3">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h4 className="font-semibold text-slate-900">{pebble.name}</h4>
          <p className="text-xs text-slate-600">
            {t(`panel.pebble.${state}`)} · {t('panel.xp', { xp: pebble.points })}
          </p>
        </div>
        {onImprove && (
          <button
            type="button"
            onClick={onImprove}
            aria-label={t('panel.improve', { name: pebble.name })}
            title={t('panel.improve', { name: pebble.name })}
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent hover:brightness-95"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
              <path
                d="M5 12h14M13 6l6 6-6 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </button>
        )}
      </div>
      {pebble.property && <p className="text-sm text-slate-800">{pebble.property}</p>}
      {pebble.options.length > 0 && (
        <ul className="space-y-2" aria-label={t('panel.pebble.options', { name: pebble.name })}>
          {pebble.options.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options keep the server's order and have no id
            <OptionItem key={i} option={o} own={own} />
          ))}
        </ul>
      )}
      {pebble.feedback && (
        <div className="rounded-md bg-slate-50 p-2 text-sm text-slate-800">
          <p className="font-semibold text-xs text-slate-600">{t('panel.pebble.feedback')}</p>
          <p className="whitespace-pre-line">{pebble.feedback}</p>
        </div>
      )}
    </article>
  );
}

export interface CertificateLink {
  id: number;
  name: string;
  /** null while the PDF is being made */
  url: string | null;
}

interface ViewProps {
  result: TrailResult;
  /** the viewer is the result's own user: reset and jump-to-improvement only for them (§6) */
  isOwner: boolean;
  certificates: CertificateLink[];
  onReset: () => void;
  /** jump into the player at this pebble (null: wherever the player resumes) */
  onImprove: (pebbleId: number | null) => void;
}

/** The rows of a trail result: summary, dimensions, certificates, one per marker with its pebbles, reset. */
export function TrailResultView({ result, isOwner, certificates, onReset, onImprove }: ViewProps) {
  const { t } = useTranslation('results');
  const firstOpen = result.markers.flatMap((m) => m.pebbles).find((p) => !p.answered)?.id;
  const improvable = (p: ResultPebble) => isOwner && ((p.answered && p.passed === false) || p.id === firstOpen);
  return (
    <div>
      <Row title={t('panel.summary.title')} defaultOpen>
        <Summary result={result} />
      </Row>
      {result.player && result.player.dimensions.length > 0 && (
        <Row title={t('panel.dimensions')} defaultOpen>
          <DimensionsChart dimensions={result.player.dimensions} />
        </Row>
      )}
      {certificates.length > 0 && (
        <Row title={t('panel.certificates')} aside={certificates.length} defaultOpen>
          <ul className="space-y-2">
            {certificates.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-2">
                <span className="min-w-0 flex-1 truncate text-slate-900">{c.name}</span>
                {c.url ? (
                  <a
                    href={c.url}
                    download
                    aria-label={t('panel.certificateDownload', { name: c.name })}
                    className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-100"
                  >
                    {t('panel.download')}
                  </a>
                ) : (
                  <span className="text-sm text-slate-600">{t('panel.preparing')}</span>
                )}
              </li>
            ))}
          </ul>
        </Row>
      )}
      {result.markers.map((m) => (
        <Row
          key={`${m.first_pebble_id}-${m.marker_name}`}
          title={m.marker_name}
          aside={t('panel.xp', { xp: m.points })}
        >
          <div className="divide-y divide-slate-100">
            {m.pebbles.map((p) => (
              <PebbleResult
                key={p.id}
                pebble={p}
                own={isOwner}
                onImprove={improvable(p) ? () => onImprove(p.answered ? p.id : null) : undefined}
              />
            ))}
          </div>
        </Row>
      ))}
      {isOwner && result.trail.can_reset && (
        <div className="pt-4">
          <button
            type="button"
            onClick={onReset}
            className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-accent px-4 text-sm font-semibold text-on-accent hover:brightness-95"
          >
            {t('panel.tryAgain')}
          </button>
        </div>
      )}
    </div>
  );
}
