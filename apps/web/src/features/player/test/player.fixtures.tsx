import type { Mineral, MineralType, Pebble } from '@cairn/shared/api/trails';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { PebbleForm } from '../components/PebbleForm';

type Props = Partial<Mineral['properties']>;

const opts = (...names: string[]) => names.map((value, i) => ({ id: 100 + i, value }));

/** A mineral of `type` with content that suits it; `props` overrides the properties. */
export function mineral(type: MineralType, props: Props = {}, id = 1): Mineral {
  const base: Mineral['properties'] = { title: `Question ${type}`, required: true };
  if (type.startsWith('sa_') || type.startsWith('ma_')) base.values = opts('Alpha', 'Beta', 'Gamma');
  if (type === 'yes_no') base.values = opts('Yes', 'No');
  if (type === 'order') base.values = opts('First', 'Second', 'Third');
  if (type === 'word_bubble') base.values = opts('the', 'cat', 'sat');
  if (type === 'opinion') Object.assign(base, { min: 0, max: 10, label_left: 'Never', label_right: 'Always' });
  return { id, type, properties: { ...base, ...props }, answer: null };
}

export function pebble(minerals: Mineral[], over: Partial<Pebble> = {}): Pebble {
  const zero = { r: 0, g: 0, b: 0 };
  return {
    id: 9,
    name: 'Pebble nine',
    type: 'exam',
    object: { fa_icon: 'fa-star', fa_icon_background: null, fa_icon_border: null },
    user: { id: 7 },
    trail_id: 3,
    trail: { id: 3, name: 'Trail three', icon: null },
    redirect_url: null,
    minerals,
    style: { color0: zero, color1: zero, color2: zero, color3: zero },
    feedback: null,
    xp: 10,
    stage: null,
    progress: {
      answered: 0,
      passed: 0,
      total: 2,
      percent: 0,
      status: 'in_progress',
      xp: 0,
      xp_total: 20,
      crowns: 0,
      crowns_total: 1,
      tries_total: 0,
      tries_used: 0,
      tries_left: null,
    },
    can_change_answer: true,
    is_required: false,
    is_last: false,
    answered: false,
    passed: null,
    battle_id: null,
    backgroundLandscape: null,
    navigator: [],
    ...over,
  };
}

/** Renders the real pebble form; `onMove` receives what Next would send. */
export function renderPebble(minerals: Mineral[], over: Partial<Pebble> = {}) {
  const onMove = vi.fn();
  const utils = render(<PebbleForm pebble={pebble(minerals, over)} busy={false} onMove={onMove} />);
  return { ...utils, onMove };
}

/** A stand-in for XMLHttpRequest: happy-dom's cannot report upload progress from a server that is not there. */
export class FakeXhr {
  static last: FakeXhr | null = null;
  static response = { id: 77, url: '/files/77.png', mimetype: 'image/png', title: 'photo.png' };
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
  }
  /** Reports progress, then answers like POST /media. */
  finish(progress = [40, 100]) {
    for (const p of progress) this.upload.onprogress?.({ lengthComputable: true, loaded: p, total: 100 });
    this.status = 200;
    this.responseText = JSON.stringify(FakeXhr.response);
    this.onload?.();
  }
}
