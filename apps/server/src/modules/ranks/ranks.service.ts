import { type MemberRank, type RankLanguage, VIP_SERVICE_FROM_LEVEL } from '@lotus/shared/ranks.schema';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { termBenefits } from './rank-benefits.ts';
import type { RankRung, RanksRepository } from './ranks.repository.ts';

/** The brand's default language, for a member who never chose one. */
export type DefaultLanguageOf = (brandId: bigint) => Promise<string>;

/**
 * The ladder is written in English and Hindi only: any other language (a brand may offer more) falls back
 * to English, like the catalogue's names do.
 */
export function rankLanguageOf(language: string): RankLanguage {
  return language.toUpperCase() === 'HI' ? 'HI' : 'EN';
}

/** One benefit per line; blank lines and surrounding spaces are an operator's typing, not benefits. */
export function benefitsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The player-rank page (SPEC §1 VIP ranks, §3 clubLabel / memberLabel). */
export class RanksService {
  readonly #repository: RanksRepository;
  readonly #defaultLanguageOf: DefaultLanguageOf;

  readonly #clock: Clock;

  constructor(repository: RanksRepository, defaultLanguageOf: DefaultLanguageOf, clock: Clock) {
    this.#repository = repository;
    this.#defaultLanguageOf = defaultLanguageOf;
    this.#clock = clock;
  }

  /** Language: the one asked for, else the member's, else the brand's default. */
  async memberRank(actor: Actor, requested: string | undefined): Promise<MemberRank> {
    const language = rankLanguageOf(
      requested ?? actor.language ?? (await this.#defaultLanguageOf(actor.brandId)),
    );
    const [standing, rows, terms, figures] = await Promise.all([
      this.#repository.standingOf(actor.memberId),
      this.#repository.ladderOf(actor.brandId),
      this.#repository.brandTermsOf(actor.brandId),
      this.#repository.figuresOf(actor.memberId, this.#clock.now()),
    ]);
    // A member deleted under a live session reads as logged out.
    if (!standing) throw new AppError('not_logged_in');
    // SPEC §9: a brand without a symbol shows P.
    const symbol = terms.currencySymbol || 'P';
    return {
      rankLevel: standing.rankLevel,
      clubLabelName: standing.clubLabelName,
      memberLabels: [...standing.memberLabels],
      language,
      vipServiceFromLevel: VIP_SERVICE_FROM_LEVEL,
      ladder: rows.map((row) => levelOf(row, language, symbol)),
      progress: {
        rule: terms.rule,
        turnover30dMinor: figures.turnover30dMinor.toString(),
        depositsMinor: figures.depositsMinor.toString(),
      },
      currencySymbol: terms.currencySymbol,
    };
  }
}

/** A level as the page shows it: the benefits its numbers give first, then the operator's own lines. */
function levelOf(rung: RankRung, language: RankLanguage, symbol: string) {
  return {
    level: rung.level,
    name: rung.name[language],
    benefits: [...termBenefits(rung, language, symbol), ...benefitsOf(rung.benefits[language])],
    vip: rung.level >= VIP_SERVICE_FROM_LEVEL,
    requirements: {
      turnover30dMinor: rung.turnover30dMinor?.toString() ?? null,
      depositsMinor: rung.depositsMinor?.toString() ?? null,
    },
    upgradeBonusMinor: rung.upgradeBonusMinor.toString(),
    monthlyRewardMinor: rung.monthlyRewardMinor.toString(),
    rebateRates: rung.rebateRates,
  };
}
