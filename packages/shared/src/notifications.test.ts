import { describe, expect, it } from 'vitest';
import {
  isNotificationEvent,
  NOTIFICATION_DATA,
  NOTIFICATION_EVENTS,
  NOTIFICATION_KINDS,
  type NotificationOf,
  parseNotificationData,
} from './notifications';

const trail = { trail_id: 4, trail: 'Quick-fire battle' };
const battle = (type: string) => ({
  type,
  ...trail,
  battle_id: 9,
  player: 'Maximiliane Rival',
  old_player: type === 'oppenent_changed' ? 'Otto Other' : null,
  avatar: null,
  style: { font_color: 'rgb(1, 2, 3)', bg_color_from: 'rgb(4, 5, 6)' },
});
const trails = [{ id: 4, name: 'Quick-fire battle' }];

/** Data as the server writes it, one per kind (`EVENT.type`, or the event when it has no types). */
const SAMPLES: Record<string, Record<string, unknown>> = {
  'NOTIFY_BATTLE.challenge': battle('challenge'),
  'NOTIFY_BATTLE.accepted': battle('accepted'),
  'NOTIFY_BATTLE.declined': battle('declined'),
  'NOTIFY_BATTLE.finished': battle('finished'),
  'NOTIFY_BATTLE.reminder_challenge': battle('reminder_challenge'),
  'NOTIFY_BATTLE.reminder_finish': battle('reminder_finish'),
  'NOTIFY_BATTLE.oppenent_changed': battle('oppenent_changed'),
  'NOTIFY_RBO.request': {
    type: 'request',
    ...trail,
    pebble_id: 3,
    player_id: 2,
    player: 'Lea Learner',
    avatar: null,
    mandatory: true,
  },
  'NOTIFY_RBO.rating': {
    type: 'rating',
    ...trail,
    pebble_id: 3,
    player_id: 2,
    rater: 'Rita Rater',
    rater_id: 5,
    avatar: '/files/media/a.png',
    rating: 4,
    comment: '',
  },
  NOTIFY_REWARD: { rewards: [1, 2], ...trail },
  NOTIFY_CERTIFICATE: {
    certificates: [7],
    name: 'Finisher',
    file: '/files/pdfs/c.pdf',
    pdf: '/files/pdfs/c.pdf',
    ...trail,
  },
  NOTIFY_RESULTS_PDF: { pdf: '/files/pdfs/r.pdf', ...trail },
  'DUE_DATE.one_day': { type: 'one_day', trails },
  'DUE_DATE.zero_day': { type: 'zero_day', trails },
  'START_DATE.zero_day': { type: 'zero_day', trails },
  'START_DATE.two_days': { type: 'two_days', trails },
};
const eventOf = (kind: string) => kind.split('.')[0];

describe('the notification kinds (shared map)', () => {
  it('has a schema for every event and a sample for every kind', () => {
    for (const event of NOTIFICATION_EVENTS) {
      expect(typeof NOTIFICATION_DATA[event].safeParse, event).toBe('function');
      expect(NOTIFICATION_KINDS.some((k) => eventOf(k) === event)).toBe(true);
    }
    // a new kind in the map without a sample here fails (and so does a sample of no kind)
    expect([...NOTIFICATION_KINDS].sort()).toEqual(Object.keys(SAMPLES).sort());
    expect(NOTIFICATION_KINDS).toContain('NOTIFY_BATTLE.oppenent_changed');
    expect(NOTIFICATION_KINDS).toContain('NOTIFY_RBO.request');
    expect(NOTIFICATION_KINDS).toContain('NOTIFY_RBO.rating');
  });

  it('accepts the data of every kind as the server writes it', () => {
    for (const [kind, data] of Object.entries(SAMPLES))
      expect(parseNotificationData(eventOf(kind), data), kind).toEqual(data);
  });

  it('refuses data that does not fit its kind', () => {
    for (const [kind, data] of Object.entries(SAMPLES)) {
      const event = eventOf(kind);
      expect(parseNotificationData(event, {}), `${kind} {}`).toBeNull();
      expect(parseNotificationData(event, null), `${kind} null`).toBeNull();
      expect(parseNotificationData(event, 'text'), `${kind} text`).toBeNull();
      // every field is needed: without any one of them the data is refused
      for (const field of Object.keys(data)) {
        const { [field]: _, ...without } = data;
        expect(parseNotificationData(event, without), `${kind} without ${field}`).toBeNull();
      }
      // a field of the wrong type
      const wrong = 'trail_id' in data ? { ...data, trail_id: 'four' } : { ...data, trails: [{ id: 'four' }] };
      expect(parseNotificationData(event, wrong), `${kind} wrong type`).toBeNull();
      if ('type' in data) expect(parseNotificationData(event, { ...data, type: 'other' }), `${kind} type`).toBeNull();
    }
    // one kind's data is not another's
    expect(parseNotificationData('NOTIFY_BATTLE', SAMPLES.NOTIFY_REWARD)).toBeNull();
    expect(parseNotificationData('START_DATE', SAMPLES['DUE_DATE.one_day'])).toBeNull();
    expect(parseNotificationData('NOTIFY_RBO', { ...SAMPLES['NOTIFY_RBO.request'], type: 'rating' })).toBeNull();
    expect(parseNotificationData('NOTIFY_RBO', { ...SAMPLES['NOTIFY_RBO.rating'], rating: 6 })).toBeNull();
  });

  it('drops fields a kind does not have, and knows no other event', () => {
    expect(parseNotificationData('NOTIFY_REWARD', { ...SAMPLES.NOTIFY_REWARD, secret: 1 })).toEqual(
      SAMPLES.NOTIFY_REWARD,
    );
    expect(isNotificationEvent('NOTIFY_SOMETHING_NEW')).toBe(false);
    expect(isNotificationEvent('toString')).toBe(false);
    expect(parseNotificationData('NOTIFY_SOMETHING_NEW', { trail_id: 1 })).toBeNull();
  });

  it('types an event and its data together (a misfit does not compile)', () => {
    const fits: NotificationOf = ['NOTIFY_REWARD', { rewards: [1], ...trail }];
    // @ts-expect-error — a reward's data does not fit a battle
    const misfit: NotificationOf = ['NOTIFY_BATTLE', { rewards: [1], ...trail }];
    // @ts-expect-error — a field the kind does not have
    const extra: NotificationOf = ['NOTIFY_RESULTS_PDF', { pdf: '/x.pdf', ...trail, n: 1 }];
    expect([fits, misfit, extra]).toHaveLength(3);
  });
});
