import { PromoDetailPage } from '../../features/promotions/components/promo-detail-page.tsx';
import { useSite } from '../site-context.tsx';

/** /promoDetail: the page with the brand's currency symbol for the engine's amounts (issue 19). */
export function PromoDetailRoute() {
  const { site } = useSite();
  return <PromoDetailPage currencySymbol={site.currencySymbol} />;
}
