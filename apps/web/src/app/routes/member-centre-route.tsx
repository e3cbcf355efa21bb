import { DEFAULT_CURRENCY_SYMBOL } from '@lotus/shared/constants';
import { useParams } from 'react-router';
import { MemberCentre } from '../../features/member-centre/components/member-centre.tsx';
import { useMenuCounts } from '../../features/messages/components/messages-shortcut.tsx';
import { isMemberCentreEntry } from '../../lib/member-centre/member-centre-entries.ts';
import { useSite } from '../site-context.tsx';
import { MEMBER_CENTRE_PAGES } from './member-centre-pages.tsx';
import { NotFoundRoute } from './not-found-route.tsx';

/** `/member/:page` (SPEC §2 member centre); a page the centre does not have is the 404 view. */
export function MemberCentreRoute() {
  const { page } = useParams();
  const { site } = useSite();
  // SPEC §2 red counts on the menu: the messages feature reads them (CSP_unreadCount), the centre shows them.
  const badges = useMenuCounts();
  if (!isMemberCentreEntry(page)) return <NotFoundRoute />;
  // SPEC §9: a brand without its own symbol shows the default one.
  return (
    <MemberCentre
      page={page}
      pages={MEMBER_CENTRE_PAGES}
      currencySymbol={site.currencySymbol.trim() || DEFAULT_CURRENCY_SYMBOL}
      badges={badges}
    />
  );
}
