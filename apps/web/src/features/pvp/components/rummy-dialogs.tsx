import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { declarationOf, groupKind, type RummyArrangement } from '../utils/rummy-groups.ts';
import classes from './pvp.module.css';
import { RummyCardFace, useRummyCardName } from './rummy-card.tsx';

type DeclareProps = {
  opened: boolean;
  groups: RummyArrangement;
  /** The card to put down (the one selected), null when none or several are. */
  card: number | null;
  wildRank: number;
  /** 80 points' worth: what a wrong declaration costs. */
  wrongAmount: string;
  busy: boolean;
  onDeclare: (card: number, groups: number[][]) => void;
  onClose: () => void;
};

/**
 * Before a declaration goes out: the groups as the server will see them (the loose cards but the one put
 * down make one more group), each named as a meld or not, and whether the whole is valid; a wrong one costs
 * 80 points, so the player sees that first.
 */
export function RummyDeclareDialog(props: DeclareProps) {
  const { opened, groups, card, wildRank, wrongAmount, busy, onDeclare, onClose } = props;
  const { t } = useTranslation('pvp');
  const nameOf = useRummyCardName(wildRank);
  const declaration = card === null ? null : declarationOf(groups, card, wildRank);
  return (
    <AppModal opened={opened} onClose={onClose} title={t('rummy.declareTitle')} testId="rummy-declare-dialog">
      {card === null || declaration === null ? (
        <Text size="sm">{t('rummy.needOne')}</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="rummy-put-down">
            {t('rummy.putDown', { card: nameOf(card) })}
          </Text>
          {declaration.groups.map((group, index) => {
            const kind = groupKind(group, wildRank);
            const label = t('rummy.groupLabel', {
              number: index + 1,
              kind: t(`rummy.kinds.${kind ?? 'none'}`),
            });
            return (
              <fieldset
                key={group.join('-')}
                className={classes.rummyGroup}
                data-kind={kind ?? 'none'}
                aria-label={label}
              >
                <Text size="xs" fw={600} mb={4} aria-hidden="true">
                  {label}
                </Text>
                <div className={classes.rummyCards}>
                  {group.map((id) => (
                    <RummyCardFace key={id} id={id} wildRank={wildRank} size={30} label={nameOf(id)} />
                  ))}
                </div>
              </fieldset>
            );
          })}
          <Alert
            variant="light"
            color={declaration.check.valid ? 'teal' : 'orange'}
            data-testid="rummy-declaration-check"
            data-valid={declaration.check.valid}
          >
            {declaration.check.valid ? t('rummy.valid') : t(`rummy.reasons.${declaration.check.reason}`)}
            {declaration.check.valid ? null : (
              <Text size="sm" mt={4} fw={600}>
                {t('rummy.wrongWarning', { amount: wrongAmount })}
              </Text>
            )}
          </Alert>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('rummy.cancel')}
            </Button>
            <Button
              color={declaration.check.valid ? 'teal' : 'red'}
              onClick={() => onDeclare(card, declaration.groups)}
              loading={busy}
              data-testid="rummy-declare-confirm"
            >
              {t('rummy.declareConfirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}

/** Dropping costs 20 or 40 points: the player confirms it, with the amount. */
export function RummyDropDialog({
  opened,
  points,
  amount,
  busy,
  onDrop,
  onClose,
}: {
  opened: boolean;
  points: number;
  amount: string;
  busy: boolean;
  onDrop: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('pvp');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('rummy.dropTitle')} testId="rummy-drop-dialog">
      <Stack gap="sm">
        <Text size="sm">{t('rummy.dropText', { points, amount })}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('rummy.dropCancel')}
          </Button>
          <Button color="red" onClick={onDrop} loading={busy} data-testid="rummy-drop-confirm">
            {t('rummy.dropConfirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
