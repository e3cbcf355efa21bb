import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { ContractSection } from '../state/agent-centre-store.ts';
import classes from './agent-offer-prompt.module.css';

export type WaitingOffer = { section: ContractSection; count: number };

type AgentOfferPromptProps = {
  /** The kinds with offers waiting for the agent's answer (SPEC §3 consolidated fields), in menu order. */
  offers: WaitingOffer[];
  /** `header`: one small button in the logged-in strip; `home`: a notice at the top of the home page. */
  variant: 'header' | 'home';
  /** Opens the agent centre on the entry of that kind, where the offer is answered. */
  onOpen: (section: ContractSection) => void;
};

/**
 * Tells an agent that a contract offer waits for its answer (SPEC §3 "Consolidated": dailysalreqtype,
 * divtypereq, contracthoursalreq, realtimesalreqtype) and leads to the entry where it answers. Shown only
 * while an offer waits; its words are the agent centre's namespace, loaded with it (app/layouts
 * agent-offers-slot.tsx).
 */
export function AgentOfferPrompt({ offers, variant, onOpen }: AgentOfferPromptProps) {
  const { t } = useTranslation('agents');
  const total = offers.reduce((sum, offer) => sum + offer.count, 0);
  const first = offers[0];
  if (!first) return null;

  if (variant === 'header') {
    return (
      <Button
        size="compact-sm"
        variant="light"
        color="orange"
        className={classes.header}
        onClick={() => onOpen(first.section)}
        aria-label={t('prompt.headerLabel', { count: total })}
        data-testid="agent-offer-prompt-header"
      >
        {t('prompt.headerShort', { count: total })}
      </Button>
    );
  }

  return (
    <Alert
      color="orange"
      variant="light"
      role="status"
      title={t('prompt.title', { count: total })}
      data-testid="agent-offer-prompt-home"
    >
      <Stack gap={6}>
        {offers.map((offer) => (
          <Group key={offer.section} justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">
              {t('prompt.line', { section: t(`sections.${offer.section}`), count: offer.count })}
            </Text>
            <Button
              size="compact-sm"
              variant="filled"
              color="orange"
              onClick={() => onOpen(offer.section)}
              aria-label={t('prompt.openLabel', { section: t(`sections.${offer.section}`) })}
              data-testid={`agent-offer-prompt-open-${offer.section}`}
            >
              {t('prompt.open')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
