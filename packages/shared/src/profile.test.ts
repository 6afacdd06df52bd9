import { describe, expect, it } from 'vitest';
import { profileCompletion } from './profile';

const empty = {
  firstname: null,
  lastname: null,
  mobile: null,
  birth: null,
  nationality_id: null,
  avatar: [],
  fields: [],
};

describe('profileCompletion (§5)', () => {
  it('is 0 for an empty profile and 100 when every checkpoint is filled', () => {
    expect(profileCompletion(empty)).toBe(0);
    expect(
      profileCompletion({
        firstname: 'Ada',
        lastname: 'Lovelace',
        mobile: '+44 20 1234',
        birth: '1815-12-10',
        nationality_id: 1,
        avatar: [{ id: 1, url: '/a.png' }],
        fields: [{ edit: true, fieldValues: 'Mrs' }],
      }),
    ).toBe(100);
  });

  it('rounds the share of filled checkpoints', () => {
    // 1 of 6 → 16.67 → 17; 2 of 6 → 33
    expect(profileCompletion({ ...empty, firstname: 'Ada' })).toBe(17);
    expect(profileCompletion({ ...empty, firstname: 'Ada', lastname: 'L' })).toBe(33);
  });

  it('counts blank strings as empty', () => {
    expect(profileCompletion({ ...empty, firstname: '   ', mobile: '' })).toBe(0);
  });

  it('counts editable custom fields and ignores those the user may not edit', () => {
    const fields = [
      { edit: true, fieldValues: 'Senior' },
      { edit: true, fieldValues: null },
      { edit: false, fieldValues: null },
    ];
    // 6 base + 2 editable = 8 checkpoints, 1 filled → 12.5 → 13
    expect(profileCompletion({ ...empty, fields })).toBe(13);
  });
});
