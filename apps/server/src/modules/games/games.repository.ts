import type { VendorKind } from '@lotus/shared/catalogue.schema';
import type { LocalisedText } from '../../db/tables/catalogue.ts';
import { type Executor, Repository } from '../../db/unit-of-work.ts';

/**
 * Catalogue storage: game types (with the brand's order) and the brand's vendors per game type. Reads are
 * not cached, so an operator's change shows on the next request.
 */

export type GameTypeRecord = {
  code: string;
  labelKey: string;
  page: string;
  bannerGroup: string | null;
  icon: string;
  auth: boolean;
};

/** One vendor in one game type. */
export type VendorEntryRecord = {
  gameType: string;
  vassalage: string;
  displayName: LocalisedText;
  logoUrl: string | null;
  isGame: VendorKind;
  maintenance: boolean;
  categoryTags: string[];
  gameClassifies: string[];
};

export class GamesRepository<E extends Executor = Executor> extends Repository<E> {
  /** The game types the brand shows, in its order (its own `brand_game_types.sort`, else the default). */
  async listGameTypes(brandId: bigint): Promise<GameTypeRecord[]> {
    const rows = await this.db
      .selectFrom('game_types as gt')
      .leftJoin('brand_game_types as bgt', (join) =>
        join.onRef('bgt.game_type', '=', 'gt.code').on('bgt.brand_id', '=', brandId),
      )
      .select(['gt.code', 'gt.label_key', 'gt.page', 'gt.banner_group', 'gt.icon', 'gt.auth'])
      .where((eb) => eb.or([eb('bgt.enabled', 'is', null), eb('bgt.enabled', '=', true)]))
      .orderBy((eb) => eb.fn.coalesce('bgt.sort', 'gt.sort'))
      .orderBy('gt.code')
      .execute();
    return rows.map((row) => ({
      code: row.code,
      labelKey: row.label_key,
      page: row.page,
      bannerGroup: row.banner_group,
      icon: row.icon,
      auth: row.auth,
    }));
  }

  /** The brand's enabled vendors, one entry per game type they are listed in, in their order there. */
  async listVendorEntries(brandId: bigint): Promise<VendorEntryRecord[]> {
    const rows = await this.db
      .selectFrom('vendor_game_types as vgt')
      .innerJoin('vendors as v', 'v.id', 'vgt.vendor_id')
      .select([
        'vgt.game_type',
        'v.vassalage',
        'v.display_name',
        'v.logo_url',
        'v.is_game',
        'v.maintenance',
        'v.category_tags',
        'vgt.game_classifies',
      ])
      .where('v.brand_id', '=', brandId)
      .where('v.enabled', '=', true)
      .orderBy('vgt.game_type')
      .orderBy('vgt.sort')
      .orderBy('v.sort')
      .orderBy('v.vassalage')
      .execute();
    return rows.map((row) => ({
      gameType: row.game_type,
      vassalage: row.vassalage,
      displayName: row.display_name,
      logoUrl: row.logo_url,
      isGame: row.is_game,
      maintenance: row.maintenance,
      categoryTags: row.category_tags,
      gameClassifies: row.game_classifies,
    }));
  }
}
