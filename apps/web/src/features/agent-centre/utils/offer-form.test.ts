import { describe, expect, it } from 'vitest';
import { newTier, type OfferDraft, offerBody } from './offer-form.ts';

const draft = (overrides: Partial<OfferDraft> = {}): OfferDraft => ({
  downlineId: '7',
  rate: '0.5',
  period: 'weekly',
  tiers: [],
  ...overrides,
});

describe('the offer form', () => {
  it('builds each kind’s body', () => {
    expect(offerBody('hourly_salary', draft(), 100).body).toEqual({
      action: 'offer',
      downlineId: '7',
      rate: '0.5',
    });
    expect(offerBody('dividend', draft({ rate: ' 12.25 ' }), 2000).body).toEqual({
      action: 'offer',
      downlineId: '7',
      rate: '12.25',
      period: 'weekly',
    });
    // Tiers belong to a daily salary only.
    const tiers = [{ ...newTier(), minTurnover: '1000', minActivePlayers: '3', rate: '0.8' }];
    expect(offerBody('realtime_salary', draft({ tiers }), 100).body).toEqual({
      action: 'offer',
      downlineId: '7',
      rate: '0.5',
    });
    expect(offerBody('daily_salary', draft({ tiers }), 100).body).toEqual({
      action: 'offer',
      downlineId: '7',
      rate: '0.5',
      tiers: [{ minTurnover: '1000', minActivePlayers: 3, rate: '0.8' }],
    });
  });

  it('refuses a missing agent and a rate that is no percent', () => {
    for (const rate of ['', '0', '-1', '100.01', '1.234', 'abc', '1e2']) {
      expect(offerBody('daily_salary', draft({ rate }), 10_000).errors?.rate).toBe('offer.rateInvalid');
    }
    expect(offerBody('daily_salary', draft({ downlineId: '' }), 10_000).errors).toEqual({
      downlineId: 'offer.downlineRequired',
    });
  });

  it('refuses a rate above the agent’s own (the chain stays monotone)', () => {
    expect(offerBody('daily_salary', draft({ rate: '0.51' }), 50).errors?.rate).toBe('offer.rateAboveMine');
    expect(offerBody('daily_salary', draft({ rate: '0.50' }), 50).body).not.toBeNull();
  });

  it('checks every tier’s fields and rate', () => {
    const tiers = [
      { ...newTier(), minTurnover: '1000', minActivePlayers: '3', rate: '0.4' },
      { ...newTier(), minTurnover: '-5', minActivePlayers: '2.5', rate: '0.9' },
    ];
    expect(offerBody('daily_salary', draft({ tiers }), 50).errors?.tiers).toEqual([
      undefined,
      {
        minTurnover: 'offer.turnoverInvalid',
        minActivePlayers: 'offer.playersInvalid',
        rate: 'offer.rateAboveMine',
      },
    ]);
  });
});
