import type { ResultOption, ResultPebble, TrailResult } from '@cairn/shared/api/results';

export const option = (o: Partial<ResultOption> & { label: string; title: string }): ResultOption => ({
  selected: false,
  correct: false,
  image: null,
  video: null,
  audio: null,
  answer: { text: o.title },
  input: null,
  ...o,
});

export const pebble = (id: number, p: Partial<ResultPebble> = {}): ResultPebble => ({
  id,
  name: `Pebble ${id}`,
  original_name: `Pebble ${id}`,
  fa_icon: 'fa-globe',
  fa_icon_background: null,
  fa_icon_border: null,
  points: 10,
  type: 'sa_text',
  property: `Question ${id}?`,
  answered: true,
  passed: true,
  feedback: null,
  options: [],
  ...p,
});

export function trailResult(over: Partial<TrailResult> = {}): TrailResult {
  return {
    user: { id: 7, name: 'Lena Learner' },
    trail: { id: 1, name: 'Demo exam', type: 'exam', icon: null, can_reset: true, pdf: null },
    summary: {
      status: { status: 'failed', score: 1, total: 3 },
      tries: { score: 1, total: 3 },
      duration: { score: 125, total: 600 },
      points: { score: 10, total: 30 },
      crowns: { score: 0, total: 1 },
      rewards: { score: 1, total: 2 },
    },
    certificates: [{ id: 4, name: 'Demo certificate', file: '/files/pdfs/cert.pdf' }],
    markers: [
      {
        marker_name: 'Basics',
        stage_name: 'Basics',
        points: 10,
        first_pebble_id: 1,
        pebbles: [
          pebble(1, {
            name: 'Capitals',
            options: [
              option({ label: 'A', title: 'Berlin', selected: true, correct: false }),
              option({ label: 'B', title: 'Paris', correct: true }),
            ],
            passed: false,
          }),
          pebble(2, {
            name: 'Facts',
            type: 'text_input',
            options: [
              option({
                label: 'A',
                title: '',
                answer: null,
                correct: null,
                input: { text: 'carbon dioxide', image: null, video: null, audio: null, file: null, media_id: null },
              }),
            ],
          }),
          pebble(3, { name: 'Shapes', answered: false, passed: null }),
        ],
      },
    ],
    player: null,
    ...over,
  };
}
