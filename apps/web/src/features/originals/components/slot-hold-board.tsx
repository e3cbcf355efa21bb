import type { SlotHoldAndWin, SlotTitle } from '@lotus/games/types';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { money } from '../utils/money.ts';
import classes from './originals.module.css';
import { SlotSymbol } from './slot-art.tsx';

type SlotHoldBoardProps = {
  title: SlotTitle;
  hold: SlotHoldAndWin;
  /** How far the feature has played: 0 = the triggering coins locked, k = after the k-th respin. */
  step: number;
  betMinor: string;
  currencySymbol: string;
};

/**
 * Issue 22: the hold-and-win feature as it plays out of the outcome — the bonus symbols that started it
 * locked with their values, each respin's new ones landing (and locking), the respins left, and the total
 * when it ends (with the grand prize when every cell holds one).
 */
export function SlotHoldBoard({ title, hold, step, betMinor, currencySymbol }: SlotHoldBoardProps) {
  const { t } = useTranslation('originals');
  const bonus = title.symbols.find((s) => s.kind === 'bonus')?.id ?? 'gold-coin';
  const held = new Map<string, { value: number; fresh: boolean }>();
  for (const cell of hold.start)
    held.set(`${cell.reel}:${cell.row}`, { value: cell.value, fresh: step === 0 });
  hold.respins.slice(0, step).forEach((respin, index) => {
    for (const cell of respin.landed) {
      held.set(`${cell.reel}:${cell.row}`, { value: cell.value, fresh: index === step - 1 });
    }
  });
  const respinsLeft =
    step === 0 ? (title.holdAndWin?.respins ?? 0) : (hold.respins[step - 1]?.respinsLeft ?? 0);
  const done = step >= hold.respins.length;
  return (
    <div className={classes.holdBoard} data-testid="hold-board" data-step={step}>
      <Group justify="space-between" gap="xs">
        <Text fw={700} size="sm">
          {t('slot.holdTitle')}
        </Text>
        <Badge color={done ? 'yellow' : 'grape'} data-testid="hold-respins">
          {done ? t('slot.holdDone', { count: held.size }) : t('slot.respinsLeft', { count: respinsLeft })}
        </Badge>
      </Group>
      <div
        className={classes.holdGrid}
        style={{ gridTemplateColumns: `repeat(${title.reels.length}, 1fr)` }}
        role="img"
        aria-label={t('slot.holdLabel', { count: held.size })}
      >
        {Array.from({ length: title.rows }, (_, row) =>
          title.reels.map((_, reel) => {
            const cell = held.get(`${reel}:${row}`);
            return (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: grid positions.
                key={`${reel}:${row}`}
                className={classes.holdCell}
                data-held={cell ? true : undefined}
                data-fresh={cell?.fresh || undefined}
              >
                {cell ? (
                  <>
                    <SlotSymbol id={bonus} label="" />
                    <span className={classes.holdValue}>
                      {money(BigInt(betMinor) * BigInt(cell.value), currencySymbol)}
                    </span>
                  </>
                ) : null}
              </div>
            );
          }),
        )}
      </div>
      {done ? (
        <Text size="sm" fw={700} ta="center" data-testid="hold-total">
          {hold.full
            ? t('slot.holdGrand', {
                grand: money(hold.grandPayMinor, currencySymbol),
                total: money(hold.payMinor, currencySymbol),
              })
            : t('slot.holdTotal', { total: money(hold.payMinor, currencySymbol) })}
        </Text>
      ) : null}
    </div>
  );
}
