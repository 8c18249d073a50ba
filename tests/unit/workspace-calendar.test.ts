import { describe, expect, it } from 'vitest';
import { addMonths as addMonthsClamped } from '@/lib/finance/dates';
import { daysOf, monthEndsIn, monthGrid, overlaps, stepDate, viewRange } from '@/lib/workspace/calendar';

describe('calendar ranges', () => {
  it.each([
    ['month', '2026-11-21', { from: '2026-10-26', to: '2026-12-06' }],
    ['month', '2026-02-10', { from: '2026-01-26', to: '2026-03-01' }],
    ['week', '2026-11-21', { from: '2026-11-16', to: '2026-11-22' }],
    ['week', '2026-11-16', { from: '2026-11-16', to: '2026-11-22' }],
    ['list', '2026-11-21', { from: '2026-11-21', to: '2026-12-20' }],
  ] as const)('%s around %s', (view, date, range) => {
    expect(viewRange(view, date)).toEqual(range);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-12-15', 1, '2027-01-15'],
  ] as const)('%s plus %i month is %s (clamped)', (date, n, expected) => {
    expect(addMonthsClamped(date, n)).toBe(expected);
  });

  it('steps a week by 7 days and the list by its length', () => {
    expect(stepDate('week', '2026-11-21', 1)).toBe('2026-11-28');
    expect(stepDate('list', '2026-11-21', -1)).toBe('2026-10-22');
  });

  it('a month grid is whole Monday-first weeks covering the month', () => {
    const grid = monthGrid('2026-11-21');
    expect(grid).toHaveLength(6);
    expect(grid.every((w) => w.length === 7)).toBe(true);
    expect(grid.flat()).toContain('2026-11-01');
    expect(grid.flat()).toContain('2026-11-30');
  });

  it.each([
    ['2026-10-26', '2026-12-06', ['2026-10-31', '2026-11-30']],
    ['2026-11-01', '2026-11-29', []],
    ['2024-02-01', '2024-02-29', ['2024-02-29']],
  ] as const)('month ends in %s..%s', (from, to, ends) => {
    expect(monthEndsIn(from, to)).toEqual(ends);
  });

  it.each([
    ['2026-11-20', '2026-11-22', '2026-11-21', '2026-11-21', true],
    ['2026-11-10T09:00:00.000Z', '2026-11-10T10:00:00.000Z', '2026-11-11', '2026-11-30', false],
    ['2026-12-01', '', '2026-11-01', '2026-12-01', true],
  ] as const)('event %s–%s touches %s..%s: %s', (start, end, from, to, expected) => {
    expect(overlaps(start, end, from, to)).toBe(expected);
  });

  it('an event spanning the range start covers only the days inside it', () => {
    expect(daysOf('2026-10-30', '2026-11-02', '2026-11-01', '2026-11-30')).toEqual(['2026-11-01', '2026-11-02']);
  });
});
