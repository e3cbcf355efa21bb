import type { RaffleClaimResult } from '@lotus/shared/raffles.schema';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dateTimeText, moneyText } from '../../../lib/money/money.ts';
import type { MyRaffle } from '../api/get-raffles.ts';
import type { OpenTicketIntent } from '../hooks/use-open-ticket.ts';
import { raffleVerifyHref } from '../utils/verify-href.ts';
import { type ArtState, RaffleArt } from './raffle-art.tsx';
import classes from './raffles.module.css';

const ANIMATION_MS = { red_envelope: 1300, golden_egg: 1200, prize_wheel: 1900 } as const;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

type RaffleOpenDialogProps = {
  /** The campaign whose ticket is being opened (the intent's pending one, or the last opened). */
  campaign: MyRaffle | null;
  intent: OpenTicketIntent;
  /** The prize just drawn; null until the claim answers. */
  result: RaffleClaimResult | null;
  symbol: string;
  onClose: () => void;
};

/**
 * Opening a ticket: the closed envelope / egg / wheel and one button (the confirm step: nothing moves
 * before it), then the opening animation to the drawn prize, the prize in words (announced), and the
 * proof: the seed's hash now, a link to the verify page once the campaign has revealed its seed.
 */
export function RaffleOpenDialog({ campaign, intent, result, symbol, onClose }: RaffleOpenDialogProps) {
  const { t } = useTranslation('raffles');
  const [state, setState] = useState<ArtState>('closed');
  useEffect(() => {
    if (!result) {
      setState('closed');
      return;
    }
    setState('opening');
    // The animation runs first; under reduced motion the prize shows at once.
    const wait = prefersReducedMotion() ? 0 : ANIMATION_MS[result.draw.kind];
    const timer = window.setTimeout(() => setState('opened'), wait);
    return () => window.clearTimeout(timer);
  }, [result]);
  if (!campaign) return null;
  const kind = campaign.kind;
  const revealed = state === 'opened' && result !== null;
  const prizeMinor = result?.draw.prizeMinor ?? '0';
  const verify = result ? raffleVerifyHref(result.draw, '/member/raffles') : null;
  return (
    <Modal
      opened
      onClose={intent.busy ? () => {} : onClose}
      title={t(`open.title.${kind}`)}
      centered
      data-testid="raffle-dialog"
    >
      <Stack gap="md">
        <div className={classes.stage}>
          <RaffleArt
            kind={kind}
            state={result ? (state === 'closed' ? 'opening' : state) : 'closed'}
            segments={campaign.prizes.length}
            drawnIndex={result ? result.draw.prizeIndex : null}
          />
        </div>
        <div aria-live="polite" data-testid="raffle-outcome">
          {revealed ? (
            <Stack gap={4} align="center">
              <Text className={classes.prize} data-testid="raffle-prize" data-prize-minor={prizeMinor}>
                {prizeMinor === '0' ? t('open.nothing') : moneyText(prizeMinor, symbol)}
              </Text>
              {prizeMinor === '0' ? null : (
                <Text size="sm">
                  {t('open.credited', { balance: moneyText(result.main.balanceMinor, symbol) })}
                </Text>
              )}
              <Text size="xs" c="dimmed" data-testid="raffle-ticket">
                {t('proof.ticket', { id: result.draw.ticketId })}
              </Text>
              {verify ? (
                <Anchor component={Link} to={verify} size="sm" data-testid="raffle-verify">
                  {t('proof.verify')}
                </Anchor>
              ) : (
                <Text size="xs" c="dimmed" ta="center">
                  {t('proof.later', { date: dateTimeText(campaign.endsAt) })}
                </Text>
              )}
            </Stack>
          ) : null}
        </div>
        {intent.errorCode ? (
          <Alert color="red" variant="light" role="alert" data-testid="raffle-error">
            {t(`errors:${intent.errorCode}`)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {result ? (
            <Button onClick={onClose} data-testid="raffle-close" disabled={!revealed}>
              {t('open.close')}
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={onClose} disabled={intent.busy}>
                {t('open.cancel')}
              </Button>
              <Button
                onClick={() => void intent.confirm()}
                loading={intent.busy}
                data-testid="raffle-open-confirm"
              >
                {intent.errorCode ? t('retry') : t(`open.action.${kind}`)}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
