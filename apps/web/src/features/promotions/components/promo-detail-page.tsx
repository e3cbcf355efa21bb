import {
  AspectRatio,
  Badge,
  Box,
  Button,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { AlertIcon, CompassIcon, LockIcon } from '../../../components/ui/icons.tsx';
import linkCard from '../../../components/ui/link-card.module.css';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { usePromotion } from '../api/get-promotion.ts';
import { PromotionPeriod } from './promotion-period.tsx';
import { PromotionTags } from './promotion-tags.tsx';
import classes from './promotions.module.css';

/** `?id=` as a positive integer, or null when it is missing or malformed. */
function promotionIdFrom(search: URLSearchParams): number | null {
  const raw = search.get('id') ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * /promoDetail?id=: one promotion — image, title, period, tags, terms (sanitised HTML) — and the place where
 * a player will apply. Applying is not open yet (it arrives with the promotions issue), so the button is
 * disabled and the reason is written beside it.
 */
export function PromoDetailPage() {
  const { t } = useTranslation('content');
  const [search] = useSearchParams();
  const id = promotionIdFrom(search);
  const promotion = usePromotion(id);
  const notFound =
    id === null ||
    (promotion.isError && promotion.error instanceof ApiError && promotion.error.status === 404);
  const title = notFound
    ? t('pages:promoDetail.title')
    : (promotion.data?.title ?? t('pages:promoDetail.title'));

  return (
    <PageFrame
      testId="page-promo-detail"
      title={title}
      crumbs={[
        { label: t('common:nav.home'), to: '/' },
        { label: t('pages:promotions.title'), to: '/promotions' },
        { label: title },
      ]}
    >
      {notFound ? (
        <EmptyBlock
          testId="not-found-state"
          icon={<CompassIcon size={28} />}
          title={t('pages:promoDetail.empty')}
          actions={
            <Button component={Link} to="/promotions" variant="default">
              {t('pages:promoDetail.back')}
            </Button>
          }
        />
      ) : promotion.isPending ? (
        <Stack gap="md" aria-busy="true" data-testid="promo-detail-loading">
          <VisuallyHidden role="status">{t('common:status.loading')}</VisuallyHidden>
          <Skeleton height={300} radius="md" />
          <Skeleton height={18} width="40%" />
          <Skeleton height={18} />
        </Stack>
      ) : promotion.isError ? (
        <EmptyBlock
          testId="promo-detail-error"
          icon={<AlertIcon size={28} />}
          title={t(`errors:${promotion.error instanceof ApiError ? promotion.error.code : 'unknown_error'}`)}
          actions={<Button onClick={() => void promotion.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : (
        <Stack gap="lg" data-testid="promo-detail" data-promotion-id={promotion.data.id}>
          {promotion.data.imageUrl ? (
            <AspectRatio ratio={16 / 7} className={classes.detailImage} maw={960}>
              <Image src={promotion.data.imageUrl} alt="" className={linkCard.cover} />
            </AspectRatio>
          ) : null}
          <Group gap="sm" align="center">
            <Badge variant="outline">{t(`promotions.categories.${promotion.data.category}`)}</Badge>
            <PromotionTags tags={promotion.data.tags} />
          </Group>
          <PromotionPeriod startAt={promotion.data.startAt} endAt={promotion.data.endAt} />
          <Text>{promotion.data.summary}</Text>
          {/* The terms bring their own headings; the section is named for assistive technology only. */}
          <Box component="section" aria-label={t('promotions.termsTitle')} maw={860}>
            <SafeHtml html={promotion.data.content} testId="promo-terms" />
          </Box>
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="promo-apply-title">
            <Stack gap="sm">
              <Title order={2} fz="lg" id="promo-apply-title">
                {t('promotions.applyTitle')}
              </Title>
              <Text size="sm" c="dimmed" id="promo-apply-note" data-testid="promo-apply-note">
                {t('promotions.applyUnavailable')}
              </Text>
              <Group>
                <Button
                  disabled
                  leftSection={<LockIcon size={16} />}
                  aria-describedby="promo-apply-note"
                  data-testid="promo-apply"
                >
                  {t('promotions.apply')}
                </Button>
                <Button component={Link} to="/promotions" variant="default">
                  {t('pages:promoDetail.back')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      )}
    </PageFrame>
  );
}
