import { useParams } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { SportsEventPage } from './sports-event-page.tsx';

const EVENT_ID = /^[1-9][0-9]{0,17}$/;

/** `/sports/event/:eventId` and `/esports/event/:eventId`: a malformed id is "not found", never a request. */
export function SportsEventRoute({ group }: { group: 'sports' | 'esports' }) {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  if (!EVENT_ID.test(eventId)) {
    return <EmptyBlock title={t('errors:sportsbook_event_not_found')} testId="page-sports-event" />;
  }
  return <SportsEventPage key={eventId} group={group} eventId={eventId} />;
}
