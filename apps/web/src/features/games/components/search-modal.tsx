import { RECENT_SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE } from '@lotus/shared/constants';
import { ActionIcon, CloseButton, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { useLoggedIn } from '../../../lib/games/use-game-pages.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useGameListPages, useRecentPages } from '../hooks/use-game-lists.ts';
import { addSearchTerm, readSearchHistory, removeSearchTerm } from '../utils/search-history.ts';
import { GameGrid, type GameGridProps } from './game-grid.tsx';
import classes from './search-modal.module.css';

type SearchModalProps = { opened: boolean; onClose: () => void };

/**
 * SPEC §2 "Search modal": a game-name search on Enter (only for a non-empty term), 24 results a page with
 * their count, a removable search history, and the player's recent games; both lists say 'no data' when
 * empty.
 */
export function SearchModal({ opened, onClose }: SearchModalProps) {
  const { t } = useTranslation('games');
  const loggedIn = useLoggedIn();
  const [input, setInput] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const [history, setHistory] = useState(readSearchHistory);
  const filter = useMemo(() => ({ gameName: term ?? '' }), [term]);
  const results = useGameListPages(filter, { pageSize: SEARCH_PAGE_SIZE, enabled: opened && term !== null });
  const recent = useRecentPages(opened && loggedIn, RECENT_SEARCH_PAGE_SIZE);

  const search = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) return;
    setInput(trimmed);
    setTerm(trimmed);
    setHistory(addSearchTerm(trimmed));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(input);
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={t('search.title')} size={960} testId="search-modal">
      <Stack gap="lg">
        <search>
          <form onSubmit={onSubmit}>
            <TextInput
              label={t('search.label')}
              placeholder={t('search.placeholder')}
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
              maxLength={64}
              data-autofocus
              data-testid="search-input"
              rightSection={
                <ActionIcon type="submit" variant="subtle" aria-label={t('search.button')}>
                  <SearchIcon size={16} />
                </ActionIcon>
              }
            />
          </form>
        </search>

        {history.length > 0 ? (
          <Stack gap={6} component="section" aria-labelledby="game-search-history">
            <Title order={3} fz="sm" id="game-search-history">
              {t('search.history')}
            </Title>
            <ul className={classes.history} data-testid="search-history">
              {history.map((old) => (
                <li key={old} className={classes.term}>
                  <button type="button" className={classes.termButton} onClick={() => search(old)}>
                    {old}
                  </button>
                  <CloseButton
                    size="sm"
                    aria-label={t('search.removeTerm', { term: old })}
                    onClick={() => setHistory(removeSearchTerm(old))}
                  />
                </li>
              ))}
            </ul>
          </Stack>
        ) : null}

        {term !== null ? (
          <SearchSection id="game-search-results" title={t('search.results', { term })} pages={results}>
            {results.status === 'success' ? (
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="search-count">
                {t('search.resultCount', { count: results.total })}
              </Text>
            ) : null}
          </SearchSection>
        ) : null}

        {loggedIn ? (
          <SearchSection id="game-search-recent" title={t('search.recent')} pages={recent} />
        ) : null}
      </Stack>
    </AppModal>
  );
}

/** A titled list of the modal (results, recent games); its grid's test id follows the section's id. */
function SearchSection({
  id,
  title,
  pages,
  children,
}: {
  id: 'game-search-results' | 'game-search-recent';
  title: string;
  pages: GameGridProps['pages'];
  children?: ReactNode;
}) {
  const { t } = useTranslation('games');
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} fz="sm" id={id}>
        {title}
      </Title>
      {children}
      <GameGrid
        pages={pages}
        testId={id.replace('game-', '')}
        hideCount
        emptyTitle={t('search.noData')}
        emptyHint=""
      />
    </Stack>
  );
}
