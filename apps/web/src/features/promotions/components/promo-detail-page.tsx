import {
  AspectRatio,
  Badge,
  Box,
  Button,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { AlertIcon, CompassIcon } from '../../../components/ui/icons.tsx';
import linkCard from '../../../components/ui/link-card.module.css';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { symbolOrDefault } from '../../../lib/money/money.ts';
import { usePromotion } from '../api/get-promotion.ts';
import { usePromotionRules } from '../api/promotion-engine-api.ts';
import { PromotionApply } from './promotion-apply.tsx';
import { PromotionPeriod } from './promotion-period.tsx';
import { PromotionRulesList } from './promotion-rules.tsx';
import { PromotionTags } from './promotion-tags.tsx';
import classes from './promotions.module.css';

/** `?id=` as a positive integer, or null when it is missing or malformed. */
function promotionIdFrom(search: URLSearchParams): number | null {
  const raw = search.get('id') ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** The engine's conditions of the promotion, once loaded (nothing while loading or for a content-only one). */
function PromotionConditions({ promotionId, symbol }: { promotionId: number; symbol: string }) {
  const rules = usePromotionRules(promotionId);
  return rules.data?.rules ? <PromotionRulesList rules={rules.data.rules} symbol={symbol} /> : null;
}

function PromotionApplySection({
  promotionId,
  title,
  symbol,
}: {
  promotionId: number;
  title: string;
  symbol: string;
}) {
  const rules = usePromotionRules(promotionId);
  if (rules.isPending) return null;
  return (
    <PromotionApply
      promotionId={promotionId}
      title={title}
      rules={rules.data?.rules ?? null}
      symbol={symbol}
    />
  );
}

/**
 * /promoDetail?id=: one promotion — image, title, period, tags, terms (sanitised HTML), the engine's
 * conditions — and the place where a player applies, joins or claims (issue 19, SPEC §4 statuses).
 * `currencySymbol`: the brand's (the route passes it); 'P' without one (SPEC §9).
 */
export function PromoDetailPage({ currencySymbol = '' }: { currencySymbol?: string }) {
  const symbol = symbolOrDefault(currencySymbol);
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
          <PromotionConditions promotionId={promotion.data.id} symbol={symbol} />
          <PromotionApplySection
            promotionId={promotion.data.id}
            title={promotion.data.title}
            symbol={symbol}
          />
        </Stack>
      )}
    </PageFrame>
  );
}
