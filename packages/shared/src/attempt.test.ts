import { describe, expect, it } from 'vitest';
import { attemptSeconds, clock } from './attempt';

describe('attemptSeconds: the one time spent of the player and the result', () => {
  const start = '2026-03-02T10:00:00.000Z';
  it('is 0 before anything was opened', () => {
    expect(attemptSeconds(null, null, Date.parse(start))).toBe(0);
  });
  it('counts to now while the attempt runs, and stops at its completion', () => {
    expect(attemptSeconds(start, null, Date.parse('2026-03-02T10:02:05.900Z'))).toBe(125);
    expect(attemptSeconds(start, '2026-03-02T10:10:00.000Z', Date.parse('2026-03-09T00:00:00.000Z'))).toBe(600);
    expect(attemptSeconds(new Date(start), new Date('2026-03-02T10:00:01.000Z'))).toBe(1);
  });
  it('is never negative and ignores what is not a date', () => {
    expect(attemptSeconds(start, '2026-03-02T09:00:00.000Z')).toBe(0);
    expect(attemptSeconds('not a date', null)).toBe(0);
  });
});

describe('clock', () => {
  it('writes m:ss, then h:mm:ss from an hour', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(125)).toBe('2:05');
    expect(clock(3725)).toBe('1:02:05');
  });
});
