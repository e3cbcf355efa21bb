import { Button, Center, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useBlogList } from '../api/get-blog-list.ts';
import { BlogCard } from './blog-card.tsx';

/** /blog: the brand's posts, newest first, a page at a time with 'load more' (SPEC §4 paging). */
export function BlogListPage() {
  const { t } = useTranslation('content');
  const blog = useBlogList();
  const posts = blog.data?.pages.flatMap((page) => page.list) ?? [];
  const total = blog.data?.pages[0]?.total ?? 0;

  return (
    <PageFrame
      testId="page-blog"
      title={t('blog.title')}
      description={t('blog.lead')}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t('blog.title') }]}
    >
      {blog.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy="true" data-testid="blog-loading">
          <VisuallyHidden role="status">{t('common:status.loading')}</VisuallyHidden>
          {[0, 1, 2].map((card) => (
            <Skeleton key={card} height={320} radius="md" />
          ))}
        </SimpleGrid>
      ) : blog.isError && posts.length === 0 ? (
        <EmptyBlock
          testId="blog-error"
          icon={<AlertIcon size={28} />}
          title={t(`errors:${blog.error instanceof ApiError ? blog.error.code : 'unknown_error'}`)}
          actions={<Button onClick={() => void blog.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : posts.length === 0 ? (
        <EmptyBlock testId="blog-empty" title={t('blog.empty')} />
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="blog-list">
            {posts.map((post) => (
              <BlogCard key={post.slug} post={post} />
            ))}
          </SimpleGrid>
          <Stack gap="xs" align="center">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="blog-count">
              {t('blog.showing', { shown: posts.length, total })}
            </Text>
            {blog.isFetchNextPageError ? (
              <Text size="sm" c="red" role="alert">
                {t(`errors:${blog.error instanceof ApiError ? blog.error.code : 'unknown_error'}`)}
              </Text>
            ) : null}
            {blog.hasNextPage ? (
              <Center>
                <Button
                  variant="default"
                  onClick={() => void blog.fetchNextPage()}
                  loading={blog.isFetchingNextPage}
                  data-testid="blog-load-more"
                >
                  {t('blog.loadMore')}
                </Button>
              </Center>
            ) : null}
          </Stack>
        </Stack>
      )}
    </PageFrame>
  );
}
