import { SIC_BO_TOTAL_PAYS } from '@lotus/games/live/sic-bo';
import { tableGameRtps } from '@lotus/games/studio/table-games';
import type {
  AndarBaharOutcome,
  BaccaratBetKind,
  BaccaratOutcome,
  SicBoBetKind,
  SicBoOutcome,
} from '@lotus/games/types';
import type { OriginalsSession } from '@lotus/shared/originals.schema';
import { List, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { cardText } from '../../../components/games/playing-card.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { StudioSession } from '../hooks/use-studio-session.ts';
import { type BetSpot, SpotTableScreen } from './spot-table-screen.tsx';
import { AndarBaharTable, BaccaratTable, baccaratDealOrder, SicBoTable } from './studio-tables.tsx';

type ScreenProps = { session: OriginalsSession; studio: StudioSession; gameName: string };

/** Per-bet RTPs from the games' own maths (packages/games studio/table-games.ts), once per page. */
function useRtps() {
  const { i18n } = useTranslation();
  const rtps = useMemo(() => tableGameRtps(), []);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 2 });
  return { rtps, percent: (x: number) => percent.format(x) };
}

/** The rules text and every bet's RTP, as the maths computes them. */
function Rules({
  text,
  rtps,
  percent,
}: {
  text: string;
  rtps: Record<string, number>;
  percent: (x: number) => string;
}) {
  const { t } = useTranslation('originals');
  return (
    <Stack gap={4} data-testid="table-rules">
      <Text size="sm">{text}</Text>
      <Text size="sm" fw={700}>
        {t('table.rtpTitle')}
      </Text>
      <List size="sm">
        {Object.entries(rtps).map(([bet, rtp]) => (
          <List.Item key={bet}>
            {bet}: {percent(rtp)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

const SIC_BO_SIMPLE: SicBoBetKind[] = ['small', 'big', 'odd', 'even', 'any-triple'];

export function SicBoScreen(props: ScreenProps) {
  const { t } = useTranslation('originals');
  const { rtps, percent } = useRtps();
  const spots: BetSpot[] = [
    ...SIC_BO_SIMPLE.map((kind) => ({
      key: kind,
      label: t(`sicBo.spots.${kind}`),
      pays: kind === 'any-triple' ? '30:1' : '1:1',
      colour: kind === 'small' || kind === 'odd' ? 'blue' : kind === 'any-triple' ? 'yellow' : 'red',
    })),
    ...[1, 2, 3, 4, 5, 6].map((n) => ({
      key: `single:${n}`,
      label: t('sicBo.single', { n }),
      pays: '1–3:1',
      colour: 'grape',
    })),
    ...Object.entries(SIC_BO_TOTAL_PAYS).map(([total, pays]) => ({
      key: `total:${total}`,
      label: t('sicBo.totalSpot', { n: total }),
      pays: `${pays}:1`,
      colour: 'teal',
    })),
  ];
  return (
    <SpotTableScreen<SicBoOutcome>
      {...props}
      game="sic-bo"
      spots={spots}
      spotColumns={5}
      toBet={(bets) => ({
        game: 'sic-bo',
        bets: bets.map((b) => {
          const [kind, n] = b.spot.split(':');
          return { kind: kind as SicBoBetKind, numbers: n ? [Number(n)] : [], amountMinor: b.amountMinor };
        }),
      })}
      table={(outcome, step) => <SicBoTable outcome={outcome} step={step} />}
      steps={() => 3}
      resultText={(o) => t('sicBo.result', { dice: o.dice.join(' · '), total: o.total })}
      winner={(o) => String(o.total)}
      badge={(o) => {
        const total = Number(o.total);
        return { text: String(total), colour: total <= 10 ? undefined : 'red', title: String(total) };
      }}
      rules={<Rules text={t('sicBo.rules')} rtps={rtps['sic-bo'].bets} percent={percent} />}
    />
  );
}

const BACCARAT_SPOTS: { kind: BaccaratBetKind; pays: string; colour: string }[] = [
  { kind: 'player', pays: '1:1', colour: 'blue' },
  { kind: 'tie', pays: '8:1', colour: 'green' },
  { kind: 'banker', pays: '0.95:1', colour: 'red' },
  { kind: 'player-pair', pays: '11:1', colour: 'indigo' },
  { kind: 'banker-pair', pays: '11:1', colour: 'pink' },
];

export function BaccaratScreen(props: ScreenProps) {
  const { t } = useTranslation('originals');
  const { rtps, percent } = useRtps();
  return (
    <SpotTableScreen<BaccaratOutcome>
      {...props}
      game="baccarat"
      spots={BACCARAT_SPOTS.map((s) => ({
        key: s.kind,
        label: t(`baccarat.spots.${s.kind}`),
        pays: s.pays,
        colour: s.colour,
      }))}
      toBet={(bets) => ({
        game: 'baccarat',
        bets: bets.map((b) => ({ kind: b.spot as BaccaratBetKind, amountMinor: b.amountMinor })),
      })}
      table={(outcome, step) => <BaccaratTable outcome={outcome} step={step} />}
      steps={(o) => baccaratDealOrder(o).length}
      resultText={(o) =>
        t('baccarat.result', {
          player: o.player.map(cardText).join(' '),
          banker: o.banker.map(cardText).join(' '),
          playerPoints: o.playerPoints,
          bankerPoints: o.bankerPoints,
          winner: t(`baccarat.spots.${o.winner}`),
        })
      }
      winner={(o) => o.winner}
      badge={(o) => {
        const winner = String(o.winner);
        return {
          text: t(`baccarat.short.${winner}`),
          colour: winner === 'banker' ? 'red' : winner === 'player' ? 'black' : undefined,
          title: t(`baccarat.spots.${winner}`),
        };
      }}
      rules={<Rules text={t('baccarat.rules')} rtps={rtps.baccarat.bets} percent={percent} />}
    />
  );
}

export function AndarBaharScreen(props: ScreenProps) {
  const { t } = useTranslation('originals');
  const { rtps, percent } = useRtps();
  return (
    <SpotTableScreen<AndarBaharOutcome>
      {...props}
      game="andar-bahar"
      spots={[
        { key: 'andar', label: t('andarBahar.spots.andar'), pays: '0.9:1', colour: 'orange' },
        { key: 'bahar', label: t('andarBahar.spots.bahar'), pays: '1:1', colour: 'cyan' },
      ]}
      spotColumns={2}
      toBet={(bets) => ({
        game: 'andar-bahar',
        bets: bets.map((b) => ({ side: b.spot as 'andar' | 'bahar', amountMinor: b.amountMinor })),
      })}
      table={(outcome, step) => <AndarBaharTable outcome={outcome} step={step} />}
      steps={(o) => 1 + o.andar.length + o.bahar.length}
      resultText={(o) =>
        t('andarBahar.result', {
          joker: cardText(o.joker),
          cards: o.andar.length + o.bahar.length,
          winner: t(`andarBahar.spots.${o.winner}`),
        })
      }
      winner={(o) => o.winner}
      badge={(o) => {
        const winner = String(o.winner);
        return {
          text: t(`andarBahar.short.${winner}`),
          colour: winner === 'andar' ? 'red' : undefined,
          title: t(`andarBahar.spots.${winner}`),
        };
      }}
      rules={<Rules text={t('andarBahar.rules')} rtps={rtps['andar-bahar'].bets} percent={percent} />}
    />
  );
}
