import type { HelpCategory } from '@lotus/shared/content.schema';
import {
  Accordion,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { AlertIcon, CompassIcon } from '../../../components/ui/icons.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useHelpCenter } from '../../../lib/content/get-help-center.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useScrollToHash } from '../../../lib/use-scroll-to-hash.ts';
import { filterCategories } from '../utils/filter-articles.ts';

type HelpPageProps = {
  variant: 'help' | 'helpmc';
  /** Opens the feedback form (composed by the app); the #feedback section shows only when it is given. */
  onOpenFeedback?: () => void;
};

/**
 * /help (inside the site) and /helpmc (the same help centre without any site chrome, for the apps): the
 * help centre's categories as sections (deep link /help#<category key>), each article an accordion item
 * (/help#<article key> opens it), a search box that filters the titles, and the feedback entry (#feedback).
 */
export function HelpPage({ variant, onOpenFeedback }: HelpPageProps) {
  const { t } = useTranslation('content');
  const help = useHelpCenter();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const categories = help.data?.categories ?? [];
  const shown = filterCategories(categories, deferredQuery);
  const searching = deferredQuery.trim() !== '';
  useScrollToHash(help.isSuccess);

  return (
    <PageFrame
      testId={`page-${variant}`}
      title={t('pages:help.title')}
      description={t('help.lead')}
      crumbs={
        variant === 'help' ? [{ label: t('common:nav.home'), to: '/' }, { label: t('pages:help.title') }] : []
      }
    >
      {help.isPending ? (
        <HelpSkeleton />
      ) : help.isError ? (
        <EmptyBlock
          testId="help-error"
          icon={<AlertIcon size={28} />}
          title={t(`errors:${help.error instanceof ApiError ? help.error.code : 'unknown_error'}`)}
          actions={<Button onClick={() => void help.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : categories.length === 0 ? (
        <EmptyBlock testId="help-empty" title={t('help.empty')} />
      ) : (
        <Stack gap="xl">
          <div>
            <TextInput
              type="search"
              label={t('help.searchLabel')}
              placeholder={t('help.searchPlaceholder')}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              data-testid="help-search"
              maw={480}
            />
            {/* Always in the page (empty when not searching), so screen readers hear each new count. */}
            <Text aria-live="polite" size="sm" c="dimmed" mt={4} data-testid="help-search-status">
              {searching
                ? t('help.searchResults', { count: shown.reduce((sum, c) => sum + c.articles.length, 0) })
                : ''}
            </Text>
          </div>
          {searching ? null : <TopicLinks categories={categories} />}
          {shown.length === 0 ? (
            <EmptyBlock
              testId="help-no-results"
              icon={<CompassIcon size={28} />}
              title={t('help.noResults', { query: deferredQuery.trim() })}
              actions={
                <Button variant="default" onClick={() => setQuery('')}>
                  {t('help.clearSearch')}
                </Button>
              }
            />
          ) : (
            shown.map((category) => <HelpCategorySection key={category.id} category={category} />)
          )}
        </Stack>
      )}
      {onOpenFeedback ? <FeedbackSection onOpen={onOpenFeedback} /> : null}
    </PageFrame>
  );
}

function TopicLinks({ categories }: { categories: readonly HelpCategory[] }) {
  const { t } = useTranslation('content');
  return (
    <nav aria-label={t('help.topics')}>
      <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {categories.map((category) => (
          <li key={category.id}>
            <Button component={Link} to={`#${category.key}`} variant="light" size="compact-sm" radius="xl">
              {category.title}
            </Button>
          </li>
        ))}
      </Group>
    </nav>
  );
}

function HelpCategorySection({ category }: { category: HelpCategory }) {
  const { hash } = useLocation();
  const linkedKey = category.articles.find((article) => `#${encodeURIComponent(article.key)}` === hash)?.key;
  const [opened, setOpened] = useState<string[]>(linkedKey ? [linkedKey] : []);
  // Following a link to an article of this category (/help#<article key>) opens it, keeping the others.
  useEffect(() => {
    if (linkedKey) setOpened((current) => (current.includes(linkedKey) ? current : [...current, linkedKey]));
  }, [linkedKey]);
  const titleId = `help-${category.key}-title`;
  return (
    <Stack
      component="section"
      id={category.key}
      gap="sm"
      aria-labelledby={titleId}
      data-testid="help-category"
    >
      <Title order={2} fz="lg" id={titleId}>
        {category.title}
      </Title>
      <Accordion multiple variant="separated" value={opened} onChange={setOpened}>
        {category.articles.map((article) => (
          <Accordion.Item key={article.id} value={article.key} id={article.key} data-testid="help-article">
            <Accordion.Control>{article.title}</Accordion.Control>
            <Accordion.Panel>
              <SafeHtml html={article.content} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

function FeedbackSection({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('content');
  return (
    <Paper
      component="section"
      id="feedback"
      withBorder
      radius="md"
      p="lg"
      aria-labelledby="help-feedback-title"
    >
      <Group justify="space-between" align="center" gap="md">
        <div>
          <Title order={2} fz="lg" id="help-feedback-title">
            {t('help.feedbackTitle')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('help.feedbackLead')}
          </Text>
        </div>
        <Button onClick={onOpen} data-testid="open-feedback">
          {t('help.feedbackAction')}
        </Button>
      </Group>
    </Paper>
  );
}

function HelpSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" data-testid="help-loading">
      <VisuallyHidden role="status">{t('status.loading')}</VisuallyHidden>
      <Skeleton height={36} maw={480} />
      {[0, 1, 2].map((row) => (
        <Stack key={row} gap="xs">
          <Skeleton height={22} width="30%" />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      ))}
    </Stack>
  );
}
