import { useParams, useSearchParams } from 'react-router';
import { LiveTablePage } from '../../features/live-tables/components/live-table-page.tsx';
import { symbolOrDefault } from '../../lib/money/money.ts';
import { useSite } from '../site-context.tsx';

/**
 * /live/:code: a live table in the site's frame, its session from the catalogue launch of its game; and
 * /live/table?game=&token=, the vendor LIVE's launch URL (the catalogue's game frame opens it) with the
 * launch token the platform made for this player.
 */
export function LiveTableRoute() {
  const { site } = useSite();
  const { code = '' } = useParams();
  const [search] = useSearchParams();
  const launched = code === 'table';
  return (
    <LiveTablePage
      code={launched ? (search.get('game') ?? '') : code}
      launchToken={launched ? search.get('token') : null}
      currencySymbol={symbolOrDefault(site.currencySymbol)}
    />
  );
}
