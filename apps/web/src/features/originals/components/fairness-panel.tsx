import type { RotateSeed, SeedState } from '@lotus/shared/originals.schema';
import { Alert, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { originalsApi, splitSeedAnswer } from '../api/originals-api.ts';
import classes from './originals.module.css';

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

type FairnessPanelProps = {
  sessionToken: string;
  seed: SeedState;
  onSeed: (seed: SeedState) => void;
  onError: (code: string) => void;
  /** Disabled while a round is in play: a seed must not change under it. */
  busy: boolean;
};

/**
 * The provably-fair state (ARCHITECTURE §5): the committed hash of the server seed, the player's client
 * seed (editable), the next nonce, and rotation, which reveals the previous server seed so its rounds can
 * be verified.
 */
export function FairnessPanel({ sessionToken, seed, onSeed, onError, busy }: FairnessPanelProps) {
  const { t } = useTranslation('originals');
  const [clientSeed, setClientSeed] = useState(seed.clientSeed);
  const [working, setWorking] = useState(false);
  const [revealed, setRevealed] = useState<RotateSeed['revealed'] | null>(null);
  const [invalid, setInvalid] = useState(false);

  useEffect(() => setClientSeed(seed.clientSeed), [seed.clientSeed]);

  const fail = (error: unknown) => onError(error instanceof ApiError ? error.code : 'unknown_error');

  const saveClientSeed = async (event: FormEvent) => {
    event.preventDefault();
    if (!CLIENT_SEED.test(clientSeed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setWorking(true);
    try {
      const answer = splitSeedAnswer(await originalsApi.setClientSeed(sessionToken, clientSeed));
      if (answer.revealed) setRevealed(answer.revealed);
      onSeed(answer.seed);
    } catch (error) {
      fail(error);
    } finally {
      setWorking(false);
    }
  };

  const rotate = async () => {
    setWorking(true);
    try {
      const answer = await originalsApi.rotateSeed(sessionToken);
      setRevealed(answer.revealed);
      onSeed(answer.seed);
    } catch (error) {
      fail(error);
    } finally {
      setWorking(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="fairness-panel">
      <Text size="sm" c="dimmed">
        {t('fair.intro')}
      </Text>
      <div>
        <Text size="xs" fw={600}>
          {t('fair.serverSeedHash')}
        </Text>
        <Text className={classes.mono} data-testid="server-seed-hash">
          {seed.serverSeedHash}
        </Text>
      </div>
      <form onSubmit={saveClientSeed}>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('fair.clientSeed')}
            value={clientSeed}
            onChange={(event) => setClientSeed(event.currentTarget.value)}
            error={invalid ? t('errors:seed_invalid') : undefined}
            maxLength={64}
            style={{ flex: '1 1 220px' }}
            data-testid="client-seed-input"
          />
          <Button
            type="submit"
            variant="default"
            loading={working}
            disabled={busy || clientSeed === seed.clientSeed}
          >
            {t('fair.saveClientSeed')}
          </Button>
        </Group>
      </form>
      <Group gap="lg">
        <Text size="sm">
          {t('fair.nonce')}:{' '}
          <Text span fw={700} data-testid="seed-nonce">
            {seed.nonce}
          </Text>
        </Text>
        <Button variant="light" onClick={rotate} loading={working} disabled={busy} data-testid="rotate-seed">
          {t('fair.rotate')}
        </Button>
      </Group>
      {revealed ? (
        <Alert variant="light" color="teal" title={t('fair.revealedTitle')} data-testid="revealed-seed">
          <Stack gap={4}>
            <Text size="xs">{t('fair.revealedServerSeed')}</Text>
            <Code className={classes.mono} block>
              {revealed.serverSeed}
            </Code>
            <Text size="xs">{t('fair.revealedHash')}</Text>
            <Code className={classes.mono} block>
              {revealed.serverSeedHash}
            </Code>
            <Text size="xs">
              {t('fair.revealedRounds', { count: revealed.rounds, clientSeed: revealed.clientSeed })}
            </Text>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
