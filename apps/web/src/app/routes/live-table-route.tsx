import { useParams, useSearchParams } from 'react-router';
import { LiveTablePage } from '../../features/live-tables/components/live-table-page.tsx';
import { symbolOrDefault } from '../../lib/money/money.ts';
import { useSite } from '../site-context.tsx';

/** /live/:code: a live table in the site's frame; the session comes from the catalogue launch of its game. */
export function LiveTableRoute() {
  const { site } = useSite();
  const { code = '' } = useParams();
  return (
    <LiveTablePage code={code} launchToken={null} currencySymbol={symbolOrDefault(site.currencySymbol)} />
  );
}

/**
 * /live/table?game=&token=: the vendor LIVE's launch URL (the catalogue's game frame opens it), with the
 * launch token the platform made for this player.
 */
export function LiveLaunchRoute() {
  const { site } = useSite();
  const [search] = useSearchParams();
  return (
    <LiveTablePage
      code={search.get('game') ?? ''}
      launchToken={search.get('token')}
      currencySymbol={symbolOrDefault(site.currencySymbol)}
    />
  );
}
