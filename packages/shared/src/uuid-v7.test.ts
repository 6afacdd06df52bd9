import { describe, expect, it } from 'vitest';
import { ANSWER_CLIENT_ID_PATTERN } from './api/trails';
import { uuidV7, uuidV7Time } from './uuid-v7';

describe('uuidV7', () => {
  it('makes ids the answer route accepts, carrying the time they were made', () => {
    const at = Date.UTC(2026, 10, 25, 16, 30, 0, 123);
    const id = uuidV7(at);
    expect(id).toMatch(ANSWER_CLIENT_ID_PATTERN);
    expect(uuidV7Time(id)).toBe(at);
    expect(uuidV7Time(uuidV7())).toBeGreaterThan(at - 86_400_000);
  });

  it('sorts in the order made, within one millisecond too', () => {
    const ids = [uuidV7(1000), uuidV7(1000), uuidV7(1000), uuidV7(2000)];
    expect(new Set(ids).size).toBe(4);
    expect([...ids].sort()).toEqual(ids);
    const many = Array.from({ length: 500 }, () => uuidV7());
    expect([...many].sort()).toEqual(many);
    for (const id of many) expect(id).toMatch(ANSWER_CLIENT_ID_PATTERN);
  });

  it('a v4 UUID is not a v7 one', () => {
    expect('0b7d4f4e-1c2a-4b7e-9f00-123456789abc').not.toMatch(ANSWER_CLIENT_ID_PATTERN);
  });
});
