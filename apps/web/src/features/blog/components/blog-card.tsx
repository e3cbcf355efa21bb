import type { BlogSummary } from '@lotus/shared/content.schema';
import { AspectRatio, Card, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import linkCard from '../../../components/ui/link-card.module.css';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { formatPublishedDate } from '../utils/format-date.ts';
import classes from './blog.module.css';

/** One post in the list: cover (16:9, loaded lazily, a calm block when there is none), date, title, summary. */
export function BlogCard({ post }: { post: BlogSummary }) {
  const { t } = useTranslation('content');
  const titleId = `blog-card-${post.slug}`;
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      className={linkCard.card}
      aria-labelledby={titleId}
      data-testid="blog-card"
      data-slug={post.slug}
    >
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {post.coverUrl ? (
            <Image src={post.coverUrl} alt="" loading="lazy" decoding="async" className={linkCard.cover} />
          ) : (
            <div className={classes.coverPlaceholder} aria-hidden="true" />
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="md">
        <Text size="xs" c="dimmed" component="time" dateTime={post.publishedAt}>
          {formatPublishedDate(post.publishedAt)}
        </Text>
        <Title order={2} fz="md" id={titleId}>
          {/* The whole card is clickable through this link's overlay (see blog.module.css). */}
          <Link to={`/blog/${encodeURIComponent(post.slug)}`} className={linkCard.cardLink}>
            {post.title}
          </Link>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {post.summary}
        </Text>
        <Text size="sm" c="var(--mantine-primary-color-text)" fw={600} aria-hidden="true">
          {t('blog.readMore')}
        </Text>
      </Stack>
    </Card>
  );
}
