import { fishSpecies } from '@lotus/games/fishing/index';
import { List, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { money } from '../utils/money.ts';
import type { FishingBatchOutcome } from '../utils/verify-fishing.ts';

/**
 * A fishing round on the verify page: every shot of the batch as recomputed — its nonce, target, bullet,
 * capture and pay, a bomb's blast — and whether it matches the stored shot. A list of lines rather than a
 * table, so 50 shots read one by one with a screen reader and wrap at 375 px.
 */
export function VerifyFishingShots({ outcome }: { outcome: FishingBatchOutcome }) {
  const { t, i18n } = useTranslation('originals');
  const name = (code: string) => {
    const species = fishSpecies(code);
    return species ? (i18n.language === 'hi' ? species.names.hi : species.names.en) : code;
  };
  return (
    <>
      <Text size="sm">
        {t('verify.fishing.summary', { count: outcome.shots.length, stake: money(outcome.stakeMinor, '') })}
      </Text>
      <List size="sm" spacing={2} data-testid="verify-fishing-shots">
        {outcome.shots.map((shot) => (
          <List.Item
            key={shot.nonce}
            data-testid="verify-fishing-shot"
            data-matches={shot.matches === null ? 'unknown' : String(shot.matches)}
          >
            {t('verify.fishing.shot', {
              nonce: shot.nonce,
              fish: name(shot.target),
              fishId: shot.fishId,
              bullet: money(shot.bulletMinor, ''),
            })}
            {' — '}
            {shot.captured
              ? t('verify.fishing.caught', {
                  multiplier: shot.multiplier,
                  amount: money(shot.payoutMinor, ''),
                })
              : t('verify.fishing.missed')}
            {shot.caught.length > 0
              ? `; ${t('verify.fishing.blast', { fish: shot.caught.map(name).join(', ') })}`
              : ''}
            {shot.alive ? '' : `; ${t('verify.fishing.notAlive')}`}
            {shot.matches === null ? null : (
              <Text span size="sm" fw={700} c={shot.matches ? 'teal' : 'red'}>
                {' '}
                {shot.matches ? `✓ ${t('verify.fishing.matches')}` : `✗ ${t('verify.fishing.differs')}`}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </>
  );
}
