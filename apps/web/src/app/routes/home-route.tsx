import { useState } from 'react';
import { AnnouncementPopup } from '../../features/announcements/components/announcement-popup.tsx';
import { HomePage } from '../../features/home/components/home-page.tsx';
import { JackpotCounter } from '../../features/jackpot/components/jackpot-counter.tsx';
import { NoticeMarquee } from '../../features/notice/components/notice-marquee.tsx';
import { WinnerBoard } from '../../features/winners/components/winner-board.tsx';
import { useSite } from '../site-context.tsx';

/**
 * Home, composed here because its parts are separate features (SPEC §2): a click on a marquee notice opens
 * the announcement popup on that notice.
 */
export function HomeRoute() {
  const { site } = useSite();
  const [popup, setPopup] = useState<{ opened: boolean; initialId: string | null }>({
    opened: false,
    initialId: null,
  });
  return (
    <>
      <HomePage
        brandName={site.brandName}
        notices={<NoticeMarquee onOpen={(noticeId) => setPopup({ opened: true, initialId: noticeId })} />}
        jackpot={<JackpotCounter currencySymbol={site.currencySymbol} />}
        winners={<WinnerBoard id="home-winners" />}
      />
      <AnnouncementPopup
        opened={popup.opened}
        initialId={popup.initialId}
        onClose={() => setPopup((current) => ({ ...current, opened: false }))}
      />
    </>
  );
}
