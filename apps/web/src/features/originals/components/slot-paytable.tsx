import type { SlotTitle } from '@lotus/games/types';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { money } from '../utils/money.ts';
import art from './slot-art.module.css';
import { SlotSymbol } from './slot-art.tsx';
import { lineColour, linePoints } from './slot-win-lines.tsx';

type SlotPaytableProps = {
  title: SlotTitle;
  betMinor: string;
  currencySymbol: string;
  /** Issue 22: the title feeds the progressive jackpot (play.ts `jackpot`): its rules say how. */
  jackpot?: boolean;
};

/** One payline as a small grid of the title's reels × rows, its cells filled and the line drawn through them. */
function PaylineGrid({ title, index, name }: { title: SlotTitle; index: number; name: string }) {
  const line = title.paylines[index] ?? [];
  const width = title.reels.length * 105 - 5;
  const height = title.rows * 100;
  return (
    <div className={art.payline} data-testid="payline">
      <svg viewBox={`0 0 ${width} ${height}`} className={art.paylineGrid} role="img" aria-label={name}>
        {title.reels.map((_, reel) =>
          Array.from({ length: title.rows }, (_, row) => (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: grid positions.
              key={`${reel}:${row}`}
              x={reel * 105 + 6}
              y={row * 100 + 6}
              width={88}
              height={88}
              rx={12}
              className={art.paylineCell}
              data-on={line[reel] === row || undefined}
            />
          )),
        )}
        <polyline
          points={linePoints(line)}
          fill="none"
          stroke={lineColour(index)}
          strokeWidth={16}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span aria-hidden="true">{index + 1}</span>
    </div>
  );
}

/**
 * The title's rules and pays, read from the same SlotTitle the engine plays: each symbol's artwork with its
 * line pays in money for the chosen bet (pay × line bet), the wild and scatter, scatter pays × the total
 * bet, the paylines drawn as small grids, free spins and the declared RTP.
 */
export function SlotPaytable({ title, betMinor, currencySymbol, jackpot = false }: SlotPaytableProps) {
  const { t, i18n } = useTranslation('originals');
  const mechanic = title.mechanic ?? 'lines';
  const lines = mechanic === 'lines';
  // A pay unit: the line bet on a line title, total bet / betUnits (per way) on the others.
  const units = lines ? title.paylines.length : (title.betUnits ?? 1);
  const lineBet = BigInt(betMinor) / BigInt(Math.max(1, units));
  const ways = title.rows ** title.reels.length;
  const hold = title.holdAndWin;
  const bonus = title.symbols.find((s) => s.kind === 'bonus');
  const counts = Array.from({ length: title.reels.length - 2 }, (_, index) => index + 3);
  const rtp = new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 2 }).format(
    title.declaredRtp,
  );
  const scatter = title.symbols.find((s) => s.kind === 'scatter');
  const wild = title.symbols.find((s) => s.kind === 'wild');

  return (
    <Stack gap="xs" data-testid="paytable">
      <Text size="sm">
        {lines
          ? t('paytable.summary', {
              reels: title.reels.length,
              rows: title.rows,
              lines: title.paylines.length,
              rtp,
            })
          : t('paytable.waysSummary', { reels: title.reels.length, rows: title.rows, ways, rtp })}
      </Text>
      {mechanic === 'cascade' ? (
        <Text size="sm" data-testid="paytable-cascade">
          {t('paytable.cascade', {
            multipliers: (title.cascadeMultipliers ?? [1]).map((m) => `×${m}`).join(', '),
          })}
        </Text>
      ) : null}
      {title.maxWinX ? (
        <Text size="sm">{t('paytable.maxWin', { x: title.maxWinX.toLocaleString(i18n.language) })}</Text>
      ) : null}
      {jackpot ? (
        <Text size="sm" fw={600} data-testid="paytable-jackpot">
          {t('paytable.jackpot')}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={260}>
        <Table verticalSpacing={2} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('paytable.symbol')}</Table.Th>
              {counts.map((count) => (
                <Table.Th key={count}>{t('paytable.ofAKind', { n: count })}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {/* In the title's symbol order (top pay first): an object's keys put '10' first. */}
            {title.symbols
              .filter((symbol) => Object.hasOwn(title.paytable, symbol.id))
              .map((symbol) => [symbol.id, title.paytable[symbol.id] ?? []] as const)
              .map(([id, pays]) => (
                <Table.Tr key={id}>
                  <Table.Td>
                    <span className={art.paySymbol} aria-hidden="true">
                      <SlotSymbol id={id} label="" />
                    </span>
                    {t(`symbols.${id}`, { defaultValue: id })}
                  </Table.Td>
                  {counts.map((count, index) => (
                    <Table.Td key={count}>
                      {pays[index] ? money(lineBet * BigInt(pays[index]), currencySymbol) : '—'}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={3} size="h6">
        {t('paytable.special')}
      </Title>
      {wild ? (
        <Text size="sm">
          <span className={art.paySymbol}>
            <SlotSymbol id={wild.id} label={t(`symbols.${wild.id}`, { defaultValue: wild.id })} />
          </span>
          {t('paytable.wild')}
        </Text>
      ) : null}
      {scatter ? (
        <Text size="sm">
          <span className={art.paySymbol}>
            <SlotSymbol id={scatter.id} label={t(`symbols.${scatter.id}`, { defaultValue: scatter.id })} />
          </span>
          {t('paytable.scatter', {
            pays: title.scatterPays
              .map((pay, index) => `${index + 3}× → ${money(BigInt(betMinor) * BigInt(pay), currencySymbol)}`)
              .join(', '),
          })}
        </Text>
      ) : null}
      {bonus && hold ? (
        <Text size="sm" data-testid="paytable-hold">
          <span className={art.paySymbol}>
            <SlotSymbol id={bonus.id} label={t(`symbols.${bonus.id}`, { defaultValue: bonus.id })} />
          </span>
          {t('paytable.holdAndWin', {
            trigger: hold.trigger,
            respins: hold.respins,
            values: hold.values
              .map((v) => money(BigInt(betMinor) * BigInt(v.value), currencySymbol))
              .join(', '),
            grand: money(BigInt(betMinor) * BigInt(hold.grand), currencySymbol),
          })}
        </Text>
      ) : null}
      {title.freeSpins.trigger > 0 ? (
        <Text size="sm">
          {t(title.freeSpins.retrigger ? 'paytable.freeSpinsRetrigger' : 'paytable.freeSpins', {
            trigger: title.freeSpins.trigger,
            awarded: title.freeSpins.awarded,
            multiplier: title.freeSpins.multiplier,
          })}
        </Text>
      ) : null}
      {lines ? (
        <>
          <Title order={3} size="h6">
            {t('paytable.lines')}
          </Title>
          <div className={art.paylines}>
            {title.paylines.map((line, index) => (
              <PaylineGrid
                key={line.join('-')}
                title={title}
                index={index}
                name={t('paytable.line', { n: index + 1 })}
              />
            ))}
          </div>
        </>
      ) : (
        <Text size="sm" data-testid="paytable-ways">
          {t('paytable.ways', { ways })}
        </Text>
      )}
    </Stack>
  );
}
