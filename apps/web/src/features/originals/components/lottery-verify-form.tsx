import type { LotteryDraw } from '@lotus/shared/lottery.schema';
import { Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { errorKeyOf } from '../../../components/ui/query-states.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { computeLotteryVerification } from '../utils/verify-lottery.ts';
import classes from './originals.module.css';
import { SeedChecks, SubmitRow, VerifyResultRegion } from './verify-parts.tsx';

const DRAW_ID = /^[a-z0-9][a-z0-9-]{1,39}-[0-9]{8}(-[0-9]{4})?$/;

/**
 * The verify page's lottery mode (issue 20): a draw id (the result history's link fills it) fetches the draw
 * (`GET /lotto/api/draws/:drawId`), then its result is recomputed here from the revealed seed with the same
 * maths the server draws with, and SHA-256(seed) is checked against the hash published before betting.
 */
export function LotteryVerifyForm({ initialDrawId }: { initialDrawId: string }) {
  const { t } = useTranslation('lotteryLive');
  const [typed, setTyped] = useState(initialDrawId);
  const [drawId, setDrawId] = useState(initialDrawId.trim());
  const valid = DRAW_ID.test(drawId);
  const draw = useQuery({
    queryKey: ['verify', 'lottery-draw', drawId],
    queryFn: ({ signal }) =>
      apiGet<LotteryDraw>(`/lotto/api/draws/${encodeURIComponent(drawId)}`, { signal }),
    enabled: valid,
  });
  const result = useMemo(() => (draw.data ? computeLotteryVerification(draw.data) : null), [draw.data]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDrawId(typed.trim());
    if (typed.trim() === drawId) void draw.refetch();
  };
  const problemText =
    drawId !== '' && !valid
      ? t('verify.problems.drawId')
      : draw.isError
        ? t(errorKeyOf(draw.error))
        : result && !result.ok
          ? t(`verify.problems.${result.problem}`)
          : null;
  return (
    <Stack gap="md" data-testid="lottery-verify">
      <Text size="sm">{t('verify.explain')}</Text>
      <form onSubmit={submit}>
        <Stack gap="xs">
          <TextInput
            label={t('verify.drawId')}
            description={t('verify.drawIdHint')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            classNames={{ input: classes.mono }}
            data-testid="lottery-verify-draw-id"
          />
          <SubmitRow label={t('originals:verify.submit')} testId="lottery-verify-submit" />
        </Stack>
      </form>
      <VerifyResultRegion
        prefix="lottery-"
        state={
          problemText !== null ? { problemText } : result?.ok ? { computedHash: result.computedHash } : null
        }
        hashLabel={t('verify.computedHash')}
        checks={
          result?.ok ? (
            <SeedChecks
              prefix="lottery-"
              hashOk={result.hashMatches}
              check={{
                ok: result.resultMatches,
                yes: t('verify.resultOk'),
                no: t('verify.resultBad'),
                testId: 'lottery-result-check',
              }}
            />
          ) : null
        }
      >
        {result?.ok ? (
          <Stack gap={2} data-testid="lottery-verify-recomputed">
            <Text size="sm" fw={700}>
              {t('verify.headline', { drawId, headline: result.headline })}
            </Text>
            {'tiers' in result.result
              ? result.result.tiers.map((tier) => (
                  <Text size="xs" key={tier.tier} className={classes.mono}>
                    {tier.tier}: {tier.numbers.join(' ')}
                  </Text>
                ))
              : null}
          </Stack>
        ) : null}
      </VerifyResultRegion>
    </Stack>
  );
}
