import type { PromotionFilter } from '@lotus/shared/content-vocabulary';
import { Button, Group, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { usePromotions } from '../api/get-promotions.ts';
import { CATEGORY_PARAM, categoryFromSearch, visibleCategories } from '../utils/promotion-categories.ts';
import { PromotionCard } from './promotion-card.tsx';
import classes from './promotions.module.css';

/**
 * /promotions: the live promotions with the SPEC §3 category filters. The filter lives in the URL
 * (?category=slots), so a reload or a shared link shows the same list; 'all' is the bare path.
 */
export function PromotionsPage() {
  const { t } = useTranslation('content');
  const [search] = useSearchParams();
  const selected = categoryFromSearch(search);
  const promotions = usePromotions(selected);
  const counts = promotions.data?.categories ?? [];
  const list = promotions.data?.list ?? [];
  const filters = visibleCategories(counts, selected);
  const countOf = (key: PromotionFilter) => counts.find((entry) => entry.key === key)?.count ?? 0;

  return (
    <PageFrame
      testId="page-promotions"
      title={t('pages:promotions.title')}
      description={t('promotions.lead')}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t('pages:promotions.title') }]}
      dataAttributes={{ 'data-category': selected }}
    >
      {promotions.isPending ? (
        <Stack gap="lg" aria-busy="true" data-testid="promotions-loading">
          <VisuallyHidden role="status">{t('common:status.loading')}</VisuallyHidden>
          <Skeleton height={30} width="60%" />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {[0, 1, 2].map((card) => (
              <Skeleton key={card} height={300} radius="md" />
            ))}
          </SimpleGrid>
        </Stack>
      ) : promotions.isError ? (
        <EmptyBlock
          testId="promotions-error"
          icon={<AlertIcon size={28} />}
          title={t(
            `errors:${promotions.error instanceof ApiError ? promotions.error.code : 'unknown_error'}`,
          )}
          actions={<Button onClick={() => void promotions.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : (
        <Stack gap="lg">
          <nav aria-label={t('promotions.filtersLabel')} className={classes.filters}>
            <Group
              component="ul"
              gap="xs"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
              data-testid="promotion-filters"
            >
              {filters.map((key) => {
                const active = key === selected;
                return (
                  <li key={key}>
                    <Button
                      component={Link}
                      to={key === 'all' ? '/promotions' : `/promotions?${CATEGORY_PARAM}=${key}`}
                      variant={active ? 'filled' : 'default'}
                      radius="xl"
                      size="compact-md"
                      aria-current={active ? 'true' : undefined}
                      data-testid="promotion-filter"
                      data-category={key}
                    >
                      {t(`promotions.categories.${key}`)}
                      <span className={classes.count} data-active={active || undefined}>
                        {countOf(key)}
                      </span>
                    </Button>
                  </li>
                );
              })}
            </Group>
          </nav>
          {list.length === 0 ? (
            <EmptyBlock
              testId="promotions-empty"
              title={selected === 'all' ? t('promotions.empty') : t('promotions.emptyCategory')}
              actions={
                selected === 'all' ? undefined : (
                  <Button component={Link} to="/promotions" variant="default">
                    {t('promotions.showAll')}
                  </Button>
                )
              }
            />
          ) : (
            <SimpleGrid
              cols={{ base: 1, sm: 2, md: 3 }}
              spacing="lg"
              data-testid="promotion-list"
              // While another filter's list loads, the old cards stay, dimmed and marked busy.
              aria-busy={promotions.isPlaceholderData}
              style={promotions.isPlaceholderData ? { opacity: 0.6 } : undefined}
            >
              {list.map((promotion) => (
                <PromotionCard key={promotion.id} promotion={promotion} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
