import { RECENT_SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE } from '@lotus/shared/games.schema';
import { ActionIcon, CloseButton, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useGameListPages, useRecentPages } from '../hooks/use-game-lists.ts';
import { useLoggedIn } from '../hooks/use-game-pages.ts';
import { addSearchTerm, readSearchHistory, removeSearchTerm } from '../utils/search-history.ts';
import { GameGrid } from './game-grid.tsx';
import { SearchIcon } from './game-icons.tsx';
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
          <Stack gap="xs" component="section" aria-labelledby="game-search-results">
            <Title order={3} fz="sm" id="game-search-results">
              {t('search.results', { term })}
            </Title>
            {results.status === 'success' ? (
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="search-count">
                {t('search.resultCount', { count: results.total })}
              </Text>
            ) : null}
            <GameGrid
              pages={results}
              testId="search-results"
              hideCount
              emptyTitle={t('search.noData')}
              emptyHint=""
            />
          </Stack>
        ) : null}

        {loggedIn ? (
          <Stack gap="xs" component="section" aria-labelledby="game-search-recent">
            <Title order={3} fz="sm" id="game-search-recent">
              {t('search.recent')}
            </Title>
            <GameGrid
              pages={recent}
              testId="search-recent"
              hideCount
              emptyTitle={t('search.noData')}
              emptyHint=""
            />
          </Stack>
        ) : null}
      </Stack>
    </AppModal>
  );
}
