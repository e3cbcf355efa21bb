import { BrandLoader } from '../../components/ui/brand-loader.tsx';
import { useTranslation } from '../../lib/i18n-react.tsx';

/** Shown while the first page's code loads (the router's hydrate fallback). */
export function RouteLoading() {
  const { t } = useTranslation();
  return <BrandLoader label={t('status.loading')} />;
}
