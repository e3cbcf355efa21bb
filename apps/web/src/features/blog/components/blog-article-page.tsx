import { Anchor, AspectRatio, Button, Image, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { AlertIcon, CompassIcon } from '../../../components/ui/icons.tsx';
import linkCard from '../../../components/ui/link-card.module.css';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useBlogPost } from '../api/get-blog-post.ts';
import { formatPublishedDate } from '../utils/format-date.ts';
import classes from './blog.module.css';

/** /blog/:slug: one post (title, date, cover, body) with a way back to the list; unknown slug → not found. */
export function BlogArticlePage({ slug }: { slug: string }) {
  const { t } = useTranslation('content');
  const post = useBlogPost(slug);
  const notFound = post.isError && post.error instanceof ApiError && post.error.status === 404;
  const title = notFound ? t('blog.notFound') : (post.data?.title ?? t('blog.title'));
  const backLink = (
    <Anchor component={Link} to="/blog" size="sm" data-testid="blog-back">
      {t('blog.back')}
    </Anchor>
  );

  return (
    <PageFrame
      testId="page-blog-article"
      title={title}
      crumbs={[
        { label: t('common:nav.home'), to: '/' },
        { label: t('blog.title'), to: '/blog' },
        { label: title },
      ]}
    >
      {post.isPending ? (
        <Stack gap="md" aria-busy="true" data-testid="blog-article-loading">
          <VisuallyHidden role="status">{t('common:status.loading')}</VisuallyHidden>
          <Skeleton height={14} width={100} />
          <Skeleton height={320} radius="md" />
          <Skeleton height={18} />
          <Skeleton height={18} width="80%" />
        </Stack>
      ) : notFound ? (
        <EmptyBlock
          testId="not-found-state"
          icon={<CompassIcon size={28} />}
          title={t('blog.notFoundHint')}
          actions={
            <Button component={Link} to="/blog" variant="default">
              {t('blog.back')}
            </Button>
          }
        />
      ) : post.isError ? (
        <EmptyBlock
          testId="blog-article-error"
          icon={<AlertIcon size={28} />}
          title={t(`errors:${post.error instanceof ApiError ? post.error.code : 'unknown_error'}`)}
          actions={<Button onClick={() => void post.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : (
        <Stack component="article" gap="lg" maw={820} data-testid="blog-article">
          <Text size="sm" c="dimmed">
            <time dateTime={post.data.publishedAt} data-testid="blog-article-date">
              {formatPublishedDate(post.data.publishedAt)}
            </time>
          </Text>
          {post.data.coverUrl ? (
            <AspectRatio ratio={16 / 9} className={classes.articleCover}>
              <Image src={post.data.coverUrl} alt="" className={linkCard.cover} />
            </AspectRatio>
          ) : null}
          <SafeHtml html={post.data.content} testId="blog-article-body" />
          {backLink}
        </Stack>
      )}
    </PageFrame>
  );
}
