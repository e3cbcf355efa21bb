import { type MemberRank, type RankLanguage, VIP_SERVICE_FROM_LEVEL } from '@lotus/shared/ranks.schema';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
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

  constructor(repository: RanksRepository, defaultLanguageOf: DefaultLanguageOf) {
    this.#repository = repository;
    this.#defaultLanguageOf = defaultLanguageOf;
  }

  /** Language: the one asked for, else the member's, else the brand's default. */
  async memberRank(actor: Actor, requested: string | undefined): Promise<MemberRank> {
    const language = rankLanguageOf(
      requested ?? actor.language ?? (await this.#defaultLanguageOf(actor.brandId)),
    );
    const [standing, rows] = await Promise.all([
      this.#repository.standingOf(actor.memberId),
      this.#repository.ladderOf(actor.brandId),
    ]);
    // A member deleted under a live session reads as logged out.
    if (!standing) throw new AppError('not_logged_in');
    return {
      rankLevel: standing.rankLevel,
      clubLabelName: standing.clubLabelName,
      memberLabels: [...standing.memberLabels],
      language,
      vipServiceFromLevel: VIP_SERVICE_FROM_LEVEL,
      ladder: rows.map((row) => levelOf(row, language)),
    };
  }
}

function levelOf(rung: RankRung, language: RankLanguage) {
  return {
    level: rung.level,
    name: rung.name[language],
    benefits: benefitsOf(rung.benefits[language]),
    vip: rung.level >= VIP_SERVICE_FROM_LEVEL,
  };
}
