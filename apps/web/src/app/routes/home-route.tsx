import { lazy, Suspense, useState } from 'react';
import { HomePage } from '../../features/home/components/home-page.tsx';
import { JackpotCounter } from '../../features/jackpot/components/jackpot-counter.tsx';
import { NoticeMarquee } from '../../features/notice/components/notice-marquee.tsx';
import { WinnerBoard } from '../../features/winners/components/winner-board.tsx';
import { useSession } from '../../lib/session/use-session.ts';
import { useSite } from '../site-context.tsx';

// Opened only from a marquee click: its modal and the rich-text sanitiser (DOMPurify) load then, not with
// the home page (issue 7 first-load budget).
const AnnouncementPopup = lazy(() =>
  import('../../features/announcements/components/announcement-popup.tsx').then((m) => ({
    default: m.AnnouncementPopup,
  })),
);

// An agent's prompt that a contract offer waits: its code loads only for a signed-in agent.
const AgentOffersSlot = lazy(() =>
  import('../layouts/agent-offers-slot.tsx').then((m) => ({ default: m.AgentOffersSlot })),
);

/**
 * Home, composed here because its parts are separate features (SPEC §2): a click on a marquee notice opens
 * the announcement popup on that notice.
 */
export function HomeRoute() {
  const { site } = useSite();
  const { status, isAgent } = useSession();
  const [popup, setPopup] = useState<{ opened: boolean; initialId: string | null; used: boolean }>({
    opened: false,
    initialId: null,
    used: false,
  });
  return (
    <>
      <HomePage
        brandName={site.brandName}
        notices={
          <NoticeMarquee onOpen={(noticeId) => setPopup({ opened: true, initialId: noticeId, used: true })} />
        }
        jackpot={<JackpotCounter currencySymbol={site.currencySymbol} live={status === 'member'} />}
        winners={<WinnerBoard id="home-winners" />}
        prompt={
          status === 'member' && isAgent ? (
            <Suspense fallback={null}>
              <AgentOffersSlot variant="home" />
            </Suspense>
          ) : null
        }
      />
      {/* Mounted from the first opening on, so later closings still run the modal's exit transition. */}
      {popup.used ? (
        <Suspense fallback={null}>
          <AnnouncementPopup
            opened={popup.opened}
            initialId={popup.initialId}
            onClose={() => setPopup((current) => ({ ...current, opened: false }))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
