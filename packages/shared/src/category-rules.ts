/**
 * The brand's category rules (SPEC §3 "Site configuration"): a rule builds a new category from another
 * category's vendors, inserted after a named category. Two shapes:
 *
 * - vendor rule (`gameClassify: null`), e.g. ESPORTS from SPORTS: the source category's vendors tagged with
 *   the rule's category (`categoryTags`, e.g. an e-sports book listed under SPORTS) MOVE to the new
 *   category — a player looks for them there, not in both places. A source left without vendors is
 *   dropped (the nav shows only categories with vendors).
 * - classify rule (`gameClassify` set), e.g. JP from RNG with JACKPOT: the source's vendors that offer
 *   games of that classification are COPIED into the new category — a jackpot slot is still a slot.
 *
 * Placement: right after the category `insertAfter` names; at the end when it is null or names a category
 * that is not in the list. When the rule's category already exists (it has vendors of its own), the pulled
 * vendors join it in place instead, without duplicates. Rules apply in order, so a later rule may insert
 * after a category an earlier rule made. Disabled rules, and rules whose source is missing or equal to
 * their own category, change nothing. Pure: the input is never modified.
 */

export type CategoryRule = {
  category: string;
  enabled: boolean;
  sourceCategory: string;
  insertAfter: string | null;
  gameClassify: string | null;
};

export type RuleVendor = {
  vassalage: string;
  /** Rule categories this vendor belongs to, e.g. ['INHOUSE']. */
  categoryTags: readonly string[];
  /** Game classifications the vendor offers in its category, e.g. ['JACKPOT']. */
  gameClassifies: readonly string[];
};

export type RuleCategory<V extends RuleVendor> = { key: string; vendors: readonly V[] };

/** Builds a category a rule creates (its label, page, ...) from the rule and its source category. */
export type DescribeRuleCategory<C> = (rule: CategoryRule, source: C) => C;

function pickVendors<V extends RuleVendor>(rule: CategoryRule, source: RuleCategory<V>): V[] {
  const classify = rule.gameClassify;
  return source.vendors.filter((vendor) =>
    classify === null
      ? vendor.categoryTags.includes(rule.category)
      : vendor.gameClassifies.includes(classify),
  );
}

export function applyCategoryRules<V extends RuleVendor, C extends RuleCategory<V>>(
  categories: readonly C[],
  rules: readonly CategoryRule[],
  describe: DescribeRuleCategory<C>,
): C[] {
  let result: C[] = [...categories];
  for (const rule of rules) {
    if (!rule.enabled || rule.category === rule.sourceCategory) continue;
    const source = result.find((category) => category.key === rule.sourceCategory);
    if (!source) continue;
    const picked = pickVendors(rule, source);
    if (picked.length === 0) continue;

    const existing = result.find((category) => category.key === rule.category);
    if (existing) {
      const present = new Set(existing.vendors.map((vendor) => vendor.vassalage));
      const merged = {
        ...existing,
        vendors: [...existing.vendors, ...picked.filter((v) => !present.has(v.vassalage))],
      };
      result = result.map((category) => (category === existing ? merged : category));
    } else {
      const created = { ...describe(rule, source), key: rule.category, vendors: picked };
      const after = rule.insertAfter === null ? -1 : result.findIndex((c) => c.key === rule.insertAfter);
      const at = after === -1 ? result.length : after + 1;
      result = [...result.slice(0, at), created, ...result.slice(at)];
    }

    if (rule.gameClassify === null) {
      const moved = new Set(picked.map((vendor) => vendor.vassalage));
      const remaining = source.vendors.filter((vendor) => !moved.has(vendor.vassalage));
      result =
        remaining.length === 0
          ? result.filter((category) => category !== source)
          : result.map((category) => (category === source ? { ...source, vendors: remaining } : category));
    }
  }
  return result;
}
