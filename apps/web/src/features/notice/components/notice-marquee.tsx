import { Skeleton } from '@mantine/core';
import type { CSSProperties } from 'react';
import { StrokeIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useNotices } from '../api/get-notices.ts';
import classes from './notice-marquee.module.css';

type NoticeMarqueeProps = {
  /** A notice was chosen: the caller opens the announcement popup on it (SPEC §2 home). */
  onOpen: (noticeId: string) => void;
};

/** Reading speed of the scrolling line: about 12 characters a second, never faster than 20 s a lap. */
function lapSeconds(titles: readonly string[]): number {
  const characters = titles.reduce((sum, title) => sum + title.length + 8, 0);
  return Math.max(20, Math.round(characters / 12));
}

/**
 * The home page's notice marquee: the newest notices scroll by as buttons that open the announcement
 * popup on the one clicked. The line stops while the pointer is over it or focus is inside it, and does not
 * move at all for visitors who ask for reduced motion (they scroll it themselves). The second copy that
 * makes the loop seamless is inert: screen readers and the Tab key meet each notice once.
 */
export function NoticeMarquee({ onOpen }: NoticeMarqueeProps) {
  const { t } = useTranslation('chrome');
  const { data, isPending, isError } = useNotices();

  if (isError) return null;
  if (isPending) {
    return (
      <div className={classes.marquee} data-testid="notice-marquee" data-state="loading" aria-busy="true">
        <MegaphoneIcon />
        <Skeleton height={12} radius="xl" className={classes.skeleton} />
      </div>
    );
  }
  if (data.list.length === 0) return null;

  const items = (copy: boolean) =>
    data.list.map((notice) => (
      <li key={notice.id}>
        <button
          type="button"
          className={classes.item}
          onClick={() => onOpen(String(notice.id))}
          data-testid={copy ? undefined : 'notice-item'}
          data-notice-id={notice.id}
        >
          {notice.title}
        </button>
      </li>
    ));

  const style = { '--lap': `${lapSeconds(data.list.map((notice) => notice.title))}s` } as CSSProperties;
  return (
    <section
      className={classes.marquee}
      aria-label={t('notices.label')}
      data-testid="notice-marquee"
      data-state="ready"
    >
      <MegaphoneIcon />
      <div className={classes.window}>
        <div className={classes.track} style={style}>
          <ul className={classes.group}>{items(false)}</ul>
          <ul className={`${classes.group} ${classes.copy}`} aria-hidden="true" inert>
            {items(true)}
          </ul>
        </div>
      </div>
    </section>
  );
}

function MegaphoneIcon() {
  return (
    <StrokeIcon className={classes.icon}>
      <path d="M3 11v2a1 1 0 0 0 1 1h3l6 4V6L7 10H4a1 1 0 0 0-1 1z" />
      <path d="M16.5 8.5a5 5 0 0 1 0 7" />
      <path d="M19.5 5.5a9 9 0 0 1 0 13" />
    </StrokeIcon>
  );
}
