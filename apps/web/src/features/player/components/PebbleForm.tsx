import type { MineralAnswer, Pebble } from '@cairn/shared/api/trails';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { type Draft, type Drafts, firstError, initialDrafts, toAnswers } from '../answers';
import { MineralView } from './MineralView';

export type Move = 'next' | 'swipe' | 'previous';

interface Props {
  pebble: Pebble;
  busy: boolean;
  onMove: (move: Move, answers: MineralAnswer[]) => void;
  /** a 422 from the server, tied to the mineral it names */
  serverError?: { mineralId: number; message: string } | null;
  onEdit?: () => void;
  /** the learner moved here (Next, Previous, the navigator): focus starts on this pebble's title */
  focusTitle?: boolean;
}

const SWIPE_MIN = 60;

/** The minerals of one pebble, their answers and the Next button; keyed by pebble id so answers reset per pebble. */
export function PebbleForm({ pebble, busy, onMove, serverError, onEdit, focusTitle = false }: Props) {
  const { t } = useTranslation(['player', 'validation']);
  const [drafts, setDrafts] = useState<Drafts>(() => initialDrafts(pebble.minerals));
  const [touched, setTouched] = useState<Set<number>>(() => new Set());
  const start = useRef<{ x: number; y: number } | null>(null);
  const title = useRef<HTMLHeadingElement>(null);

  // keyed by pebble id, the form mounts once per pebble: after a move, keyboard and screen-reader users start at
  // the new pebble's title instead of on a Next button that now belongs to another question
  useEffect(() => {
    if (focusTitle) title.current?.focus({ preventScroll: true });
  }, [focusTitle]);

  const readOnly = pebble.answered && !pebble.can_change_answer;
  const first = readOnly ? null : firstError(pebble.minerals, drafts, (m) => m.properties.required);
  const answers = () => toAnswers(pebble.minerals, drafts);

  function change(id: number, d: Draft) {
    setDrafts((s) => ({ ...s, [id]: d }));
    setTouched((s) => new Set(s).add(id));
    onEdit?.();
  }

  // the first error among the questions the learner has worked on is the one shown; untouched ones only block Next
  const shown = readOnly
    ? null
    : firstError(
        pebble.minerals.filter((m) => touched.has(m.id)),
        drafts,
        (m) => m.properties.required,
      );

  function message(mineralId: number): string | undefined {
    if (serverError?.mineralId === mineralId) return serverError.message;
    if (!shown || shown.mineralId !== mineralId) return undefined;
    return t(`validation:${shown.failure.rule}`, { ...shown.failure.params, field: t('player:pebble.field') });
  }

  // horizontal swipes on touch screens move between pebbles (§ issue: action 'swipe')
  function onPointerDown(e: PointerEvent) {
    start.current = e.pointerType === 'touch' ? { x: e.clientX, y: e.clientY } : null;
  }
  function onPointerUp(e: PointerEvent) {
    const s = start.current;
    start.current = null;
    if (!s || busy) return;
    const dx = e.clientX - s.x;
    const dy = e.clientY - s.y;
    if (Math.abs(dx) < SWIPE_MIN || Math.abs(dy) > Math.abs(dx) / 2) return;
    onMove(dx < 0 ? 'swipe' : 'previous', answers());
  }

  return (
    <form
      className="mx-auto flex w-full max-w-3xl flex-1 touch-pan-y flex-col gap-8 px-4 py-6 sm:py-10"
      onSubmit={(e) => {
        e.preventDefault();
        if (!first && !busy) onMove('next', answers());
      }}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      aria-labelledby="pebble-title"
      data-pebble-id={pebble.id}
    >
      <h1 id="pebble-title" ref={title} tabIndex={-1} className="sr-only">
        {pebble.name}
      </h1>
      {pebble.minerals.map((m) => (
        <MineralView
          key={m.id}
          mineral={m}
          draft={drafts[m.id] ?? {}}
          onChange={(d) => change(m.id, d)}
          readOnly={readOnly}
          // only a question that must be answered is marked: an optional one in a required pebble may stay empty
          marked={!readOnly && m.properties.required}
          error={message(m.id)}
        />
      ))}
      {readOnly && <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700">{t('pebble.readOnly')}</p>}
      <div className="sticky bottom-0 -mx-4 mt-auto flex flex-col items-end gap-2 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-4">
        {first && !shown && !serverError && <p className="text-sm text-slate-700">{t('pebble.answerToContinue')}</p>}
        <Button type="submit" disabled={!!first || busy} className="min-w-36 text-base">
          {pebble.is_last ? t('pebble.finish') : t('pebble.next')}
        </Button>
      </div>
    </form>
  );
}
