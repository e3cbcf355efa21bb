import { PointMallPage } from '../../features/point-mall/components/point-mall-page.tsx';
import { useSite } from '../site-context.tsx';

/** `/pointMall`: the mall with the site's currency symbol (the feature cannot read the site itself). */
export function PointMallRoute() {
  const { site } = useSite();
  return <PointMallPage currencySymbol={site.currencySymbol} />;
}
