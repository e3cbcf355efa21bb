import type { GameMenuCategory, GameMenus, GameMenuVendor } from '@lotus/shared/catalogue.schema';
import { applyCategoryRules, type CategoryRule, type RuleVendor } from '@lotus/shared/category-rules';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { GameCardsRepository } from './game-cards.repository.ts';
import type { GamesRepository, GameTypeRecord, VendorEntryRecord } from './games.repository.ts';

/** What the catalogue needs of the brand a request belongs to. */
export type CatalogueBrand = { id: bigint; defaultLanguage: string; categoryRules: CategoryRule[] };

/** Finds the brand of a Host (the system module owns brand resolution). */
export type BrandLookup = (host: string | null) => Promise<CatalogueBrand>;

/** What the catalogue and launch services work on: the game cards, the Host's brand and the clock. */
export type GameCardsContext = {
  /** Reads outside a transaction. */
  repository: GameCardsRepository<Db>;
  /** Favourites and launches: written on a transaction of their own. */
  uow: UnitOfWork<{ games: GameCardsRepository<Tx> }>;
  findBrand: BrandLookup;
  clock: Clock;
};

export function gameCardsContext(db: Db, findBrand: BrandLookup, clock: Clock): GameCardsContext {
  return {
    repository: new GameCardsRepository(db),
    uow: new UnitOfWork(db, (trx) => ({ games: new GameCardsRepository(trx) })),
    findBrand,
    clock,
  };
}

export type GameMenusRequest = {
  host: string | null;
  /** Upper-case language code; the brand's default when absent. */
  language?: string | undefined;
  /**
   * The client platform(s) asking. Every vendor and game is offered on every platform (the in-house
   * studio's screens are responsive web pages), so it filters nothing yet.
   */
  platform: string;
};

type MenuVendor = GameMenuVendor & RuleVendor;
type MenuCategory = Omit<GameMenuCategory, 'vendors'> & { vendors: readonly MenuVendor[] };

/**
 * Categories that only brand rules create (they are not game types): their label key and icon, and the
 * page when it is not the source category's. FB is the FB sportsbook of SPEC §2's /fbsports.
 */
const RULE_ONLY_CATEGORIES: Record<string, { labelKey: string; icon: string; page?: string }> = {
  INHOUSE: { labelKey: 'category.inhouse', icon: 'inhouse' },
  FB: { labelKey: 'category.fb', icon: 'sports', page: '/fbsports' },
};

/** A text in the language asked for, else English (the CHECK guarantees EN), else the code itself. */
export function localised(texts: Record<string, string>, language: string, fallback: string): string {
  return texts[language] ?? texts.EN ?? fallback;
}

function categoryOf(type: GameTypeRecord, vendors: readonly MenuVendor[]): MenuCategory {
  return {
    key: type.code,
    labelKey: type.labelKey,
    gameType: type.code,
    icon: type.icon,
    page: type.page,
    banner: type.bannerGroup,
    auth: type.auth,
    vendors,
  };
}

export class GamesService {
  readonly #repository: GamesRepository;
  readonly #findBrand: BrandLookup;

  constructor(repository: GamesRepository, findBrand: BrandLookup) {
    this.#repository = repository;
    this.#findBrand = findBrand;
  }

  /**
   * `GET /lgw/games/game_menus`: the brand's categories in its order, each with its enabled vendors, only
   * the categories that have vendors, then the brand's enabled category rules (SPEC §2, §3).
   */
  async getGameMenus(request: GameMenusRequest): Promise<GameMenus> {
    const brand = await this.#findBrand(request.host);
    const language = request.language ?? brand.defaultLanguage;
    const [types, entries] = await Promise.all([
      this.#repository.listGameTypes(brand.id),
      this.#repository.listVendorEntries(brand.id),
    ]);

    const byType = new Map<string, MenuVendor[]>();
    for (const entry of entries) {
      const vendors = byType.get(entry.gameType) ?? [];
      vendors.push(this.#menuVendor(entry, language));
      byType.set(entry.gameType, vendors);
    }
    const categories = types.flatMap((type) => {
      const vendors = byType.get(type.code) ?? [];
      return vendors.length > 0 ? [categoryOf(type, vendors)] : [];
    });

    const typeByCode = new Map(types.map((type) => [type.code, type]));
    const withRules = applyCategoryRules(categories, brand.categoryRules, (rule, source): MenuCategory => {
      const type = typeByCode.get(rule.category);
      if (type) return categoryOf(type, []);
      const own = RULE_ONLY_CATEGORIES[rule.category];
      return {
        ...source,
        key: rule.category,
        labelKey: own?.labelKey ?? `category.${rule.category.toLowerCase()}`,
        icon: own?.icon ?? source.icon,
        page: own?.page ?? source.page,
        vendors: [],
      };
    });

    return {
      categories: withRules.map(({ vendors, ...category }) => ({
        ...category,
        vendors: vendors.map(({ categoryTags: _tags, gameClassifies: _classifies, ...vendor }) => vendor),
      })),
    };
  }

  #menuVendor(entry: VendorEntryRecord, language: string): MenuVendor {
    return {
      vassalage: entry.vassalage,
      displayName: localised(entry.displayName, language, entry.vassalage),
      logoUrl: entry.logoUrl,
      gameType: entry.gameType,
      isGame: entry.isGame,
      maintenance: entry.maintenance,
      categoryTags: entry.categoryTags,
      gameClassifies: entry.gameClassifies,
    };
  }
}
