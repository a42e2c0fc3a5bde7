import { describe, expect, it } from 'vitest';
import { checkAmount, startingAmount } from './amount.ts';

// The default tiers (README): no bonus under $100, 5% to $499.99, 10% from $500.
const levels = [
  { min: 0, max: 99.99, percent: 0 },
  { min: 100, max: 499.99, percent: 5 },
  { min: 500, max: null, percent: 10 },
];

describe('the amount form', () => {
  it('reads dollars as whole cents with the credits and the bonus of their tier', () => {
    expect(checkAmount({ text: '99.99', levels })).toEqual({
      ok: true,
      cents: 9999,
      credits: 99_990,
      bonus: 0,
      percent: 0,
    });
    expect(checkAmount({ text: '100', levels })).toMatchObject({
      cents: 10_000,
      credits: 100_000,
      bonus: 5_000,
    });
    expect(checkAmount({ text: ' 499,99 ', levels })).toMatchObject({
      cents: 49_999,
      bonus: 24_999,
      percent: 5,
    });
    expect(checkAmount({ text: '10000', levels })).toMatchObject({ credits: 10_000_000, bonus: 1_000_000 });
  });

  it('refuses what the server would refuse: empty, 3 decimals, words, under $1, over $10,000', () => {
    expect(checkAmount({ text: '', levels })).toEqual({ ok: false, problem: 'required' });
    expect(checkAmount({ text: '1.005', levels })).toEqual({ ok: false, problem: 'format' });
    expect(checkAmount({ text: '1e3', levels })).toEqual({ ok: false, problem: 'format' });
    expect(checkAmount({ text: '-5', levels })).toEqual({ ok: false, problem: 'format' });
    expect(checkAmount({ text: '0.99', levels })).toEqual({ ok: false, problem: 'min' });
    expect(checkAmount({ text: '10000.01', levels })).toEqual({ ok: false, problem: 'max' });
  });
});

describe("the form's first amount", () => {
  it("buys the credits a task's top-up link says it lacks, rounded up to a cent, within the limits", () => {
    expect(startingAmount(null)).toBe('100');
    expect(startingAmount('1')).toBe('1.00');
    expect(startingAmount('25001')).toBe('25.01');
    expect(startingAmount('250000')).toBe('250.00');
    expect(startingAmount('999999999')).toBe('10000.00');
    expect(startingAmount('0')).toBe('100');
    expect(startingAmount('-5')).toBe('100');
    expect(startingAmount('1e9')).toBe('100');
  });
});
