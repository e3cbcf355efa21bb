import { type Fraction, toNumber } from '../rational.ts';
import { dice3Probability } from './dice3.ts';
import { lotteryOdds } from './index.ts';
import { kenoHitProbabilities } from './keno.ts';
import { LOTT5D_PROBABILITY } from './lott5d.ts';
import { pick11x5Probability } from './pick11x5.ts';
import { RACE10_PROBABILITY } from './race10.ts';
import { sea4dTierProbabilities } from './sea4d.ts';
import { sea6dProbability } from './sea6d.ts';
import type { LotteryFamily, LotteryOdds, LotteryVariant } from './types.ts';
import { vnProbability } from './vn.ts';

/**
 * The odds tables of docs/lottery-maths.md, computed by the code (print-odds.ts prints them; a test checks
 * the document still holds them), so the document never carries a hand-typed number.
 */

/** The demo margins (docs/lottery.md "Demo games"): 5 %, keno 8 %. */
export const DEMO_MARGIN_BP: Record<LotteryFamily, number> = {
  vn: 500,
  sea4d: 500,
  sea6d: 500,
  lott5d: 500,
  dice3: 500,
  pick11x5: 500,
  race10: 500,
  keno: 800,
};

function showFraction(f: Fraction): string {
  const decimal = String(Number(toNumber(f).toPrecision(6)));
  return f.denominator < 10_000_000n ? `${f.numerator}/${f.denominator} ≈ ${decimal}` : `≈ ${decimal}`;
}

const showUnits = (units: bigint): string => {
  const whole = units / 10_000n;
  const rest = (units % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return rest ? `${whole.toLocaleString('en-US')}.${rest}` : whole.toLocaleString('en-US');
};

const showReturn = (o: LotteryOdds) => `${(o.declaredReturn * 100).toFixed(4)} %`;

/** Each single-outcome bet type's exact probability (for lô, the expected hits). */
function probability(family: LotteryFamily, variant: LotteryVariant, betType: string): Fraction | null {
  switch (family) {
    case 'vn':
      return vnProbability(betType, variant);
    case 'sea6d':
      return sea6dProbability(betType);
    case 'lott5d':
      return LOTT5D_PROBABILITY[betType as keyof typeof LOTT5D_PROBABILITY];
    case 'dice3': {
      const sample: Record<string, string> = { bigsmall: 'big', anytriple: 'any', triple: '1', pair: '1' };
      return sample[betType] ? dice3Probability({ betType, selection: sample[betType] }) : null;
    }
    case 'pick11x5':
      return pick11x5Probability(betType);
    case 'race10':
      return RACE10_PROBABILITY[betType as keyof typeof RACE10_PROBABILITY];
  }
  return null;
}

/** A Markdown table with its columns padded to their widest cell, as the repository's formatter writes it. */
function markdownTable(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

function tableRows(label: string, table: Record<string, bigint>, p: (key: string) => Fraction): string[][] {
  return Object.entries(table).map(([key, units]) => [
    `${label} ${key}`,
    showFraction(p(key)),
    showUnits(units),
  ]);
}

/** The Markdown block of one family and variant at its demo margin. */
export function familyOddsMarkdown(family: LotteryFamily, variant: LotteryVariant): string {
  const marginBp = DEMO_MARGIN_BP[family];
  const odds = lotteryOdds(family, variant, marginBp);
  const title = `${family}${variant ? ` (${variant})` : ''}, margin ${marginBp / 100} %`;
  const rows: string[][] = [];
  const tables: string[] = [];
  for (const o of Object.values(odds)) {
    const p = probability(family, variant, o.betType);
    // lô pays per hit: its column is the expected number of hits.
    const shown = p ? `${showFraction(p)}${o.betType === 'lo2' ? ' hits' : ''}` : 'by table';
    rows.push([`\`${o.betType}\``, shown, showUnits(o.odds1e4), showUnits(o.maxUnits), showReturn(o)]);
    if (!o.table) continue;
    let pays: string[][] = [];
    if (family === 'sea4d') {
      const tiers = sea4dTierProbabilities();
      pays = tableRows('tier', o.table, (k) => tiers[k] as Fraction);
    } else if (family === 'keno') {
      const hits = kenoHitProbabilities(Number(o.betType.slice(4)));
      pays = tableRows('hits', o.table, (k) => hits[k] as Fraction);
    } else if (family === 'dice3') {
      pays = tableRows('sum', o.table, (k) => dice3Probability({ betType: 'sum', selection: k }));
    }
    const payHeader = ['outcome', 'probability', 'odds (× stake)'];
    tables.push('', `\`${o.betType}\` pays:`, '', ...markdownTable(payHeader, pays));
  }
  const header = ['bet type', 'probability', 'odds (× stake)', 'most paid per unit', 'declared return'];
  return [`#### ${title}`, '', ...markdownTable(header, rows), ...tables].join('\n');
}

/** Every family's block (VN north and south), as docs/lottery-maths.md holds it between its markers. */
export function oddsMarkdown(): string {
  const blocks: string[] = [];
  for (const family of Object.keys(DEMO_MARGIN_BP) as LotteryFamily[]) {
    if (family === 'vn') blocks.push(familyOddsMarkdown('vn', 'north'), familyOddsMarkdown('vn', 'south'));
    else blocks.push(familyOddsMarkdown(family, ''));
  }
  return `${blocks.join('\n\n')}\n`;
}
