import { describe, expect, it } from 'vitest';
import { centsToUsd, creditsToUsd, formatUsd, usdCentsToCredits, usdToCents } from './money.ts';
import { bonusCreditsFor, ZCreatePaymentRequest } from './schemas/payments.ts';

describe('money', () => {
  it('reads credits as dollars with 3 decimals (1 credit = $0.001)', () => {
    expect(creditsToUsd(12_345)).toBe('12.345');
    expect(creditsToUsd(5)).toBe('0.005');
    expect(creditsToUsd(0)).toBe('0.000');
    expect(creditsToUsd(-1_500)).toBe('-1.500');
    expect(formatUsd('en', 12_345_678)).toBe('$12,345.678');
    expect(formatUsd('ru', 1_000)).toMatch(/^1,000\s\$$/);
  });

  it('buys 10 credits a cent and reads typed dollars as cents without floats', () => {
    expect(usdCentsToCredits(2_550)).toBe(25_500);
    expect(usdToCents('25.5')).toBe(2_550);
    expect(usdToCents('0.07')).toBe(7);
    expect(usdToCents(19.99)).toBe(1_999);
    expect(usdToCents('10.')).toBe(1_000);
    for (const bad of ['1.005', '-1', '1e3', '', ' ', '1,50', 'ten']) expect(usdToCents(bad), bad).toBeNull();
    expect(centsToUsd(1_999)).toBe('19.99');
    expect(centsToUsd(5)).toBe('0.05');
  });
});

describe('bonusCreditsFor', () => {
  const levels = [
    { min: 0, max: 99.99, percent: 0 },
    { min: 100, max: 499.99, percent: 5 },
    { min: 500, max: null, percent: 10 },
  ];
  it('gives the level’s percent of the credits bought, rounded down, at each boundary', () => {
    expect(bonusCreditsFor({ levels, amountCents: 9_999 })).toBe(0);
    expect(bonusCreditsFor({ levels, amountCents: 10_000 })).toBe(5_000);
    expect(bonusCreditsFor({ levels, amountCents: 10_001 })).toBe(5_000); // 5,000.5
    expect(bonusCreditsFor({ levels, amountCents: 49_999 })).toBe(24_999);
    expect(bonusCreditsFor({ levels, amountCents: 50_000 })).toBe(50_000);
    expect(bonusCreditsFor({ levels: [], amountCents: 50_000 })).toBe(0);
  });
});

describe('ZCreatePaymentRequest', () => {
  it('turns the typed amount into cents and lower-cases the network', () => {
    expect(
      ZCreatePaymentRequest.parse({
        paymentMethod: 'crypto',
        amount: '20.10',
        email: 'a@b.co',
        payCurrency: 'USDTTRC20',
      }),
    ).toEqual({ paymentMethod: 'crypto', amountCents: 2_010, email: 'a@b.co', payCurrency: 'usdttrc20' });
  });
});
