import type { ProfileField, User } from '@cairn/shared/api/accounts';
import { describe, expect, it } from 'vitest';
import { missingCheckpoints, optionSlug } from './fields';

const field = (name: string, fieldValues: string | null, edit = true): ProfileField => ({
  name,
  label: name,
  type: 'text',
  options: [],
  fieldValues,
  edit,
});

const user = (patch: Partial<User>) =>
  ({
    firstname: 'Ada',
    lastname: 'Lovelace',
    mobile: '+441234567890',
    birth: '1990-01-02',
    nationality_id: 3,
    avatar: [{ id: 1, url: '/a.png' }],
    ...patch,
  }) as User;

describe('missing checkpoints', () => {
  it('lists nothing for a complete profile, whatever the coach-only fields hold', () => {
    expect(missingCheckpoints(user({}), [field('department', 'Sales'), field('cost_centre', null, false)])).toEqual([]);
  });

  it('lists blank names, mobile, birth, nationality, avatar and empty editable fields', () => {
    const u = user({ firstname: ' ', lastname: null, mobile: '', birth: null, nationality_id: null, avatar: [] });
    expect(
      missingCheckpoints(u, [field('department', null), field('title', '  '), field('cost_centre', null, false)]),
    ).toEqual(['firstname', 'lastname', 'mobile', 'birth', 'nationality', 'avatar', 'field:department', 'field:title']);
  });
});

describe('option slugs', () => {
  it('turns the §9 options into translation keys', () => {
    expect(optionSlug('Mr.')).toBe('mr');
    expect(optionSlug('Non-Binary')).toBe('non_binary');
    expect(optionSlug('Trade / technical / vocational')).toBe('trade_technical_vocational');
    expect(optionSlug('1 to 2 years')).toBe('1_to_2_years');
  });
});
