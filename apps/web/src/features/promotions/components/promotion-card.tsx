import type { PromotionSummary } from '@lotus/shared/content.schema';
import { AspectRatio, Card, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import linkCard from '../../../components/ui/link-card.module.css';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { PromotionPeriod } from './promotion-period.tsx';
import { PromotionTags } from './promotion-tags.tsx';
import classes from './promotions.module.css';

/** One promotion in the list; the title's link covers the card and opens /promoDetail?id=. */
export function PromotionCard({ promotion }: { promotion: PromotionSummary }) {
  const { t } = useTranslation('content');
  const titleId = `promotion-${promotion.id}-title`;
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      className={linkCard.card}
      aria-labelledby={titleId}
      data-testid="promotion-card"
      data-category={promotion.category}
    >
      <Card.Section>
        <AspectRatio ratio={16 / 7}>
          {promotion.imageUrl ? (
            <Image
              src={promotion.imageUrl}
              alt=""
              loading="lazy"
              decoding="async"
              className={linkCard.cover}
            />
          ) : (
            <div className={classes.imagePlaceholder} aria-hidden="true" />
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={8} mt="md">
        <PromotionTags tags={promotion.tags} />
        <Title order={2} fz="md" id={titleId}>
          <Link to={`/promoDetail?id=${promotion.id}`} className={linkCard.cardLink}>
            {promotion.title}
          </Link>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {promotion.summary}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`promotions.categories.${promotion.category}`)}
        </Text>
        <PromotionPeriod startAt={promotion.startAt} endAt={promotion.endAt} />
      </Stack>
    </Card>
  );
}
