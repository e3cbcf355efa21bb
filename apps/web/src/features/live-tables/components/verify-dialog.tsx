import { Alert, Code, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { LoadFailed } from '../../../components/ui/query-states.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { verifyQuery } from '../api/get-verify.ts';
import { verifyRound } from '../utils/verify.ts';

/**
 * A past round's fairness: the shoe's commitment, and once the shoe ended its seed and the check this
 * browser runs with packages/games (verifyShoe: the seed hashes to the commitment and shuffles to the cards
 * dealt; roulette and sic bo: the seed's draws give the pocket or dice).
 */
export function VerifyDialog({ roundId, onClose }: { roundId: string | null; onClose: () => void }) {
  const { t } = useTranslation('liveTables');
  const verify = useQuery({ ...verifyQuery(roundId ?? ''), enabled: roundId !== null });
  const data = verify.data;
  const result = data ? verifyRound(data) : null;
  return (
    <AppModal opened={roundId !== null} onClose={onClose} title={t('verify.title')} testId="live-verify">
      {verify.isPending ? (
        <Loader size="sm" />
      ) : verify.isError ? (
        <LoadFailed error={verify.error} onRetry={() => void verify.refetch()} testId="live-verify-error" />
      ) : data ? (
        <Stack gap="xs">
          <Text size="sm">{t('verify.round', { n: data.roundNo, shoe: data.shoe.shoeNo })}</Text>
          <Text size="sm" fw={600}>
            {t('shoe.commitment')}
          </Text>
          <Code block style={{ wordBreak: 'break-all' }} data-testid="live-verify-commitment">
            {data.shoe.commitment}
          </Code>
          {data.shoe.seed === null ? (
            <Alert color="gray" data-testid="live-verify-pending">
              {t('verify.pending')}
            </Alert>
          ) : (
            <>
              <Text size="sm" fw={600}>
                {t('verify.seed')}
              </Text>
              <Code block style={{ wordBreak: 'break-all' }} data-testid="live-verify-seed">
                {data.shoe.seed}
              </Code>
              <Alert
                color={result === 'verified' ? 'green' : 'red'}
                data-testid="live-verify-result"
                data-result={result}
              >
                {t(`verify.${result}`, { cards: data.shoe.shoeCards.length })}
              </Alert>
            </>
          )}
        </Stack>
      ) : null}
    </AppModal>
  );
}
