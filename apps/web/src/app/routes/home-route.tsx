import { HomePage } from '../../features/home/components/home-page.tsx';
import { useSite } from '../site-context.tsx';

export function HomeRoute() {
  const { site } = useSite();
  return <HomePage brandName={site.brandName} />;
}
