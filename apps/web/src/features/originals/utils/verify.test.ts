import { sha256Hex } from '@lotus/games/fair';
import { playRound } from '@lotus/games/play';
import { describe, expect, it } from 'vitest';
import { computeVerification, type VerifyInput } from './verify.ts';

const SERVER_SEED = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const HASH = sha256Hex(SERVER_SEED);
const inputs = { serverSeed: SERVER_SEED, clientSeed: 'my-lucky-seed', nonce: 7 };

function input(overrides: Partial<VerifyInput> & Pick<VerifyInput, 'game' | 'bet'>): VerifyInput {
  return {
    serverSeed: SERVER_SEED,
    clientSeed: inputs.clientSeed,
    nonce: String(inputs.nonce),
    hash: HASH,
    storedOutcome: null,
    payout: '',
    ...overrides,
  };
}

describe('computeVerification', () => {
  it('recomputes a slot round exactly and checks the committed hash', () => {
    const bet = { game: 'slot', betMinor: '1000' } as const;
    const stored = playRound('lotus-fortune', bet, inputs);
    const result = computeVerification(
      input({ game: 'lotus-fortune', bet: JSON.stringify(bet), storedOutcome: stored }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.computedHash).toBe(HASH);
    expect(result.hashMatches).toBe(true);
    expect(result.outcome).toEqual(stored);
    expect(result.outcomeMatches).toBe(true);
  });

  it('catches a tampered outcome, a wrong hash and a different nonce', () => {
    const bet = { game: 'roulette', bets: [{ kind: 'red', numbers: [], amountMinor: '1000' }] };
    const stored = playRound('european-roulette', bet as never, inputs);
    const tampered = { ...stored, pocket: (Number(stored.game === 'roulette' ? stored.pocket : 0) + 1) % 37 };
    const tamperedResult = computeVerification(
      input({ game: 'european-roulette', bet: JSON.stringify(bet), storedOutcome: tampered }),
    );
    expect(tamperedResult.ok && tamperedResult.outcomeMatches).toBe(false);

    const wrongHash = computeVerification(
      input({ game: 'european-roulette', bet: JSON.stringify(bet), hash: sha256Hex('something else') }),
    );
    expect(wrongHash.ok && wrongHash.hashMatches).toBe(false);
    expect(wrongHash.ok && wrongHash.outcomeMatches).toBeNull();

    // The nonce is part of the message: the stored round of nonce 7 is not the round of nonce 8.
    const dragonBet = { game: 'dragon-tiger', bets: [{ side: 'tie', amountMinor: '1000' }] };
    const dragonStored = playRound('dragon-tiger', dragonBet as never, inputs);
    const otherNonce = computeVerification(
      input({
        game: 'dragon-tiger',
        bet: JSON.stringify(dragonBet),
        nonce: '8',
        storedOutcome: dragonStored,
      }),
    );
    expect(otherNonce.ok && otherNonce.outcomeMatches).toBe(false);
  });

  it('compares the payout when only that is known', () => {
    const bet = { game: 'dragon-tiger', bets: [{ side: 'dragon', amountMinor: '1000' }] };
    const stored = playRound('dragon-tiger', bet as never, inputs);
    const same = computeVerification(
      input({ game: 'dragon-tiger', bet: JSON.stringify(bet), payout: stored.totalPayMinor }),
    );
    expect(same.ok && same.payoutMatches).toBe(true);
    const other = computeVerification(
      input({ game: 'dragon-tiger', bet: JSON.stringify(bet), payout: `${stored.totalPayMinor}1` }),
    );
    expect(other.ok && other.payoutMatches).toBe(false);
  });

  it('explains what is wrong with the inputs', () => {
    const bet = JSON.stringify({ game: 'slot', betMinor: '1000' });
    expect(computeVerification(input({ game: 'poker', bet }))).toEqual({ ok: false, problem: 'game' });
    expect(computeVerification(input({ game: 'lotus-fortune', bet, serverSeed: 'xyz' }))).toEqual({
      ok: false,
      problem: 'serverSeed',
    });
    expect(computeVerification(input({ game: 'lotus-fortune', bet, clientSeed: 'has space' }))).toEqual({
      ok: false,
      problem: 'clientSeed',
    });
    expect(computeVerification(input({ game: 'lotus-fortune', bet, nonce: '-1' }))).toEqual({
      ok: false,
      problem: 'nonce',
    });
    expect(computeVerification(input({ game: 'lotus-fortune', bet: '{not json' }))).toEqual({
      ok: false,
      problem: 'bet',
    });
    // A bet the game refuses (not one of the title's bets) says why, in the errors' words.
    expect(
      computeVerification(
        input({ game: 'lotus-fortune', bet: JSON.stringify({ game: 'slot', betMinor: '7' }) }),
      ),
    ).toMatchObject({ ok: false, problem: 'bet' });
  });
});
