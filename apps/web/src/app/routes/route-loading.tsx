import { useTranslation } from 'react-i18next';
import { BrandLoader } from '../../components/ui/brand-loader.tsx';

/** Shown while the first page's code loads (the router's hydrate fallback). */
export function RouteLoading() {
  const { t } = useTranslation();
  return <BrandLoader label={t('status.loading')} />;
}
