import type { MemberRank, RankLevel } from '@lotus/shared/ranks.schema';

/** The next level the member can reach by play or deposits: the lowest above its own that asks anything. */
export function nextLevelOf(rank: MemberRank): RankLevel | undefined {
  return rank.ladder.find(
    (level) =>
      level.level > rank.rankLevel &&
      (level.requirements.turnover30dMinor !== null || level.requirements.depositsMinor !== null),
  );
}

export type RequirementProgress = {
  kind: 'turnover' | 'deposits';
  currentMinor: string;
  targetMinor: string;
  /** 0 … 100, rounded down (so 100 means really reached). */
  percent: number;
  /** What is still missing, in minor units (0 when reached). */
  missingMinor: string;
};

/** One bar per requirement the level asks, worked out in BigInt. */
export function requirementProgress(rank: MemberRank, level: RankLevel): RequirementProgress[] {
  const bars: RequirementProgress[] = [];
  const add = (kind: RequirementProgress['kind'], current: string, target: string | null) => {
    if (target === null) return;
    const have = BigInt(current);
    const need = BigInt(target);
    const percent = need <= 0n ? 100 : Number(have >= need ? 100n : (have * 100n) / need);
    bars.push({
      kind,
      currentMinor: current,
      targetMinor: target,
      percent,
      missingMinor: (have >= need ? 0n : need - have).toString(),
    });
  };
  add('turnover', rank.progress.turnover30dMinor, level.requirements.turnover30dMinor);
  add('deposits', rank.progress.depositsMinor, level.requirements.depositsMinor);
  return bars;
}
