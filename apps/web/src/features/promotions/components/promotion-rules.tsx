import type { PromotionRules } from '@lotus/shared/promotion-engine.schema';
import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText } from '../../../lib/money/money.ts';

/** Decimal text ("5000.00") as money with the brand's symbol. */
function money(decimal: string, symbol: string): string {
  const [whole = '0', fraction = '00'] = decimal.split('.');
  return moneyText(BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)), symbol);
}

/** "100.00" → "100"; "12.50" → "12.5". */
const percentText = (value: string) => String(Number(value));

/**
 * A promotion's conditions as the engine applies them (GET /wps/promotions/:id/rules): who may apply, the
 * award and the wagering with what each game type counts. The terms above are the operator's prose; this
 * list is what the server checks.
 */
export function PromotionRulesList({ rules, symbol }: { rules: PromotionRules; symbol: string }) {
  const { t } = useTranslation('bonuses');
  const items: { key: string; text: string }[] = [
    { key: 'approval', text: t(rules.approval === 'auto' ? 'rules.approvalAuto' : 'rules.approvalManual') },
  ];
  if (rules.newPlayersDays !== null) {
    items.push({ key: 'new', text: t('rules.newPlayers', { count: rules.newPlayersDays }) });
  }
  if (rules.minDepositCount > 0) {
    items.push({ key: 'deposits', text: t('rules.minDeposits', { count: rules.minDepositCount }) });
  }
  if (rules.minVipLevel > 0) items.push({ key: 'vip', text: t('rules.vip', { level: rules.minVipLevel }) });
  if (rules.qualifyingDeposit !== null) {
    items.push({
      key: 'qualifying',
      text: t(rules.qualifyingDeposit === 'first' ? 'rules.qualifyingFirst' : 'rules.qualifyingLatest', {
        min: money(rules.minDeposit, symbol),
      }),
    });
  }
  items.push({
    key: 'award',
    text:
      rules.award.kind === 'fixed'
        ? t('rules.awardFixed', { amount: money(rules.award.amount, symbol) })
        : rules.award.kind === 'free_rounds'
          ? t('rules.awardFreeRounds', {
              rounds: rules.award.rounds,
              stake: money(rules.award.stake, symbol),
            })
          : t('rules.awardPercent', {
              percent: percentText(rules.award.percent),
              cap: money(rules.award.cap, symbol),
            }),
  });
  items.push({
    key: 'wagering',
    text:
      rules.wagering.multiple > 0
        ? t('rules.wagering', { multiple: rules.wagering.multiple })
        : t('rules.noWagering'),
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="promo-rules-title" data-testid="promo-rules">
      <Title order={2} fz="lg" id="promo-rules-title">
        {t('rules.title')}
      </Title>
      <List size="sm" spacing={4}>
        {items.map((item) => (
          <List.Item key={item.key} data-testid={`promo-rule-${item.key}`}>
            {item.text}
          </List.Item>
        ))}
      </List>
      {rules.wagering.multiple > 0 && rules.wagering.weights.length > 0 ? (
        <>
          <Text size="sm" fw={600}>
            {t('rules.weightsTitle')}
          </Text>
          <List size="sm" spacing={4} data-testid="promo-rule-weights">
            {rules.wagering.weights.map((weight) => (
              <List.Item key={weight.gameType}>
                {t('rules.weight', { gameType: t(`gameTypes.${weight.gameType}`), percent: weight.percent })}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}
