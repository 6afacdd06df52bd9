import { describe, expect, it } from 'vitest';
import { dateToIso, isoToDate, isoToDisplay, isPlausibleBirth, parseTypedDate, todayIso } from './birth-date';

describe('birth date text', () => {
  it('shows a stored YYYY-MM-DD as YYYY/MM/DD and leaves half-typed text alone', () => {
    expect(isoToDisplay('1990-04-25')).toBe('1990/04/25');
    expect(isoToDisplay('1990/04')).toBe('1990/04');
    expect(isoToDisplay('')).toBe('');
  });

  it('reads a typed YYYY/MM/DD into YYYY-MM-DD, padding one-digit months and days', () => {
    expect(parseTypedDate('1990/04/25')).toBe('1990-04-25');
    expect(parseTypedDate(' 1990 / 4 / 5 ')).toBe('1990-04-05');
    expect(parseTypedDate('1990-04-25')).toBe('1990-04-25');
    expect(parseTypedDate('1990.04.25')).toBe('1990-04-25');
    expect(parseTypedDate('2000/02/29')).toBe('2000-02-29');
  });

  it('refuses days that do not exist, other orders and stray text', () => {
    expect(parseTypedDate('2023/02/29')).toBeNull();
    expect(parseTypedDate('1990/13/01')).toBeNull();
    expect(parseTypedDate('1990/00/10')).toBeNull();
    expect(parseTypedDate('1990/04/31')).toBeNull();
    expect(parseTypedDate('1990/04/00')).toBeNull();
    expect(parseTypedDate('25/04/1990')).toBeNull();
    expect(parseTypedDate('1990/04/25x')).toBeNull();
    expect(parseTypedDate('90/04/25')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });

  it('accepts birth dates from 1900 up to today, not later', () => {
    const now = new Date(2026, 4, 14, 23, 30);
    expect(todayIso(now)).toBe('2026-05-14');
    expect(isPlausibleBirth('2026-05-14', now)).toBe(true);
    expect(isPlausibleBirth('2026-05-15', now)).toBe(false);
    expect(isPlausibleBirth('1900-01-01', now)).toBe(true);
    expect(isPlausibleBirth('1899-12-31', now)).toBe(false);
  });

  it('turns the picked calendar day into YYYY-MM-DD and back without shifting a day', () => {
    const d = isoToDate('1985-12-31');
    expect(d?.getFullYear()).toBe(1985);
    expect(d?.getMonth()).toBe(11);
    expect(d?.getDate()).toBe(31);
    expect(dateToIso(d as Date)).toBe('1985-12-31');
    expect(isoToDate('1985/12/31')).toBeUndefined();
  });
});
