import { ActionIcon } from '@mantine/core';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { openGameSearch } from '../../../lib/games/game-overlay-store.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** The header's entry to the search modal (SPEC §2 "Modals: search"). */
export function GameSearchButton() {
  const { t } = useTranslation('games');
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label={t('search.button')}
      onClick={openGameSearch}
      data-testid="game-search-button"
    >
      <SearchIcon size={18} />
    </ActionIcon>
  );
}
