import { Button, Group } from '@mantine/core';
import { Link, useRouteError } from 'react-router';
import { EmptyBlock } from '../../components/ui/empty-block.tsx';
import { AlertIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../lib/i18n-react.tsx';

/**
 * A page failed to render or its code failed to load (SPEC §8: chunk load failure is a load error). Shown
 * inside the layout so the visitor keeps the navigation.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkFailed = error instanceof TypeError && /import|module|fetch/i.test(error.message);
  return (
    <div data-testid="route-error" style={{ paddingBlock: 'var(--mantine-spacing-xl)' }}>
      <EmptyBlock
        icon={<AlertIcon size={28} />}
        title={chunkFailed ? t('errors:load_error') : t('errors:unknown_error')}
        actions={
          <Group justify="center">
            <Button onClick={() => window.location.reload()}>{t('actions.refresh')}</Button>
            <Button component={Link} to="/" variant="default" reloadDocument>
              {t('actions.backHome')}
            </Button>
          </Group>
        }
      />
    </div>
  );
}
