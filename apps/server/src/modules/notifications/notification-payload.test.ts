import { describe, expect, it } from 'vitest';
import { parsePlainNotification } from './notification-payload';

const read = (s: string) => {
  const p = parsePlainNotification(s);
  return p && { ...p };
};

describe('parsePlainNotification (the listener reads the common payload without JSON.parse)', () => {
  it("reads createNotification's JSON.stringify form and PostgreSQL's json_build_object form", () => {
    expect(read(JSON.stringify({ id: 12, user_id: 345 }))).toEqual({ id: 12, userId: 345 });
    expect(read('{"id" : 2147483647, "user_id" : 1}')).toEqual({ id: 2147483647, userId: 1 });
    expect(read('{"id":999999999999999,"user_id":7}')).toEqual({ id: 999999999999999, userId: 7 });
  });

  it('leaves every other payload to JSON.parse (undefined)', () => {
    for (const s of [
      '',
      '{}',
      'not json',
      '{"id":1,"user_id":',
      '{"id":1,"user_id":2',
      '{"id":1,"user_id":2}x',
      '{"id":1,"user_id":2} ',
      '{"id":1,"user_id":2,"event":"DUE_DATE"}',
      '{"user_id":2,"id":1}',
      '{"user_id":2,"event":"DUE_DATE","data":{"id":1}}',
      '{"id":-1,"user_id":2}',
      '{"id":1.5,"user_id":2}',
      '{"id":1e3,"user_id":2}',
      '{"id":"1","user_id":2}',
      '{"id":,"user_id":2}',
      '{"id":1,"user_id":}',
      '{"id":1234567890123456,"user_id":2}',
      `{"id":1,"user_id":2${' '.repeat(100)}}`,
    ])
      expect(parsePlainNotification(s), s).toBeUndefined();
  });
});
