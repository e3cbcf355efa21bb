import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { type OfferErrors, TIERS_MAX, type TierDraft } from '../utils/offer-form.ts';

/**
 * A daily salary's optional tiers: from a day's team valid turnover and active players on, a higher rate
 * applies (the highest tier met). Each tier is a fieldset named by its number, with a remove button.
 */
export function OfferTiers({
  tiers,
  errors,
  maxRate,
  onChange,
  onAdd,
}: {
  tiers: TierDraft[];
  errors: OfferErrors['tiers'];
  maxRate: string;
  onChange: (tiers: TierDraft[]) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation('agents');
  const set = (index: number, field: Exclude<keyof TierDraft, 'id'>, value: string) =>
    onChange(tiers.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)));
  const message = (key: string | undefined) => (key ? t(key, { max: maxRate }) : undefined);

  return (
    <Stack gap="xs" data-testid="agent-offer-tiers">
      <Text size="sm" fw={500}>
        {t('offer.tiers')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('offer.tiersHint')}
      </Text>
      {tiers.map((tier, index) => (
        <Fieldset
          key={tier.id}
          legend={t('offer.tier', { number: index + 1 })}
          p="xs"
          data-testid="agent-offer-tier"
        >
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              label={t('offer.minTurnover')}
              inputMode="decimal"
              autoComplete="off"
              value={tier.minTurnover}
              onChange={(event) => set(index, 'minTurnover', event.currentTarget.value)}
              error={message(errors?.[index]?.minTurnover)}
              w={130}
              data-testid="agent-offer-tier-turnover"
            />
            <TextInput
              label={t('offer.minPlayers')}
              inputMode="numeric"
              autoComplete="off"
              value={tier.minActivePlayers}
              onChange={(event) => set(index, 'minActivePlayers', event.currentTarget.value)}
              error={message(errors?.[index]?.minActivePlayers)}
              w={110}
              data-testid="agent-offer-tier-players"
            />
            <TextInput
              label={t('offer.tierRate')}
              inputMode="decimal"
              autoComplete="off"
              rightSection={<Text size="sm">%</Text>}
              value={tier.rate}
              onChange={(event) => set(index, 'rate', event.currentTarget.value)}
              error={message(errors?.[index]?.rate)}
              w={100}
              data-testid="agent-offer-tier-rate"
            />
          </Group>
          <Button
            variant="subtle"
            color="red"
            size="compact-xs"
            mt={4}
            onClick={() => onChange(tiers.filter((_, at) => at !== index))}
            aria-label={t('offer.removeTierLabel', { number: index + 1 })}
          >
            {t('offer.removeTier')}
          </Button>
        </Fieldset>
      ))}
      {tiers.length < TIERS_MAX ? (
        <Button
          variant="light"
          size="compact-sm"
          onClick={onAdd}
          style={{ alignSelf: 'flex-start' }}
          data-testid="agent-offer-add-tier"
        >
          {t('offer.addTier')}
        </Button>
      ) : null}
    </Stack>
  );
}
