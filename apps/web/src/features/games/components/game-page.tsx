import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { CompassIcon } from '../../../components/ui/icons.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

/** /game: hosts a launched game in an iframe; launching arrives with the games issue. */
export function GamePage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame testId="page-game" title={t('game.title')}>
      <EmptyBlock
        icon={<CompassIcon size={28} />}
        title={t('game.empty')}
        description={t('game.emptyHint')}
        actions={
          <Button component={Link} to="/" variant="default">
            {t('common:actions.backHome')}
          </Button>
        }
      />
    </PageFrame>
  );
}
