import type { PromotionTag } from '@lotus/shared/content-vocabulary';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** Each SPEC §3 tag in its own colour, so a glance tells NEWBIE from VIP. */
const TAG_COLOURS: Record<PromotionTag, string> = {
  NEWBIE: 'teal',
  LIMITED: 'orange',
  SPECIAL_OFFER: 'pink',
  DAILY: 'blue',
  HIGH_REBATE: 'grape',
  VIP: 'yellow',
};

export function PromotionTags({ tags }: { tags: readonly PromotionTag[] }) {
  const { t } = useTranslation('content');
  if (tags.length === 0) return null;
  return (
    <Group
      gap={6}
      component="ul"
      aria-label={t('promotions.tagsLabel')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {tags.map((tag) => (
        <Badge
          key={tag}
          component="li"
          color={TAG_COLOURS[tag]}
          variant="light"
          size="sm"
          data-testid="promotion-tag"
          data-tag={tag}
        >
          {t(`promotions.tags.${tag}`)}
        </Badge>
      ))}
    </Group>
  );
}
