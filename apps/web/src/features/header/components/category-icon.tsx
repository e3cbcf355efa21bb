import type { ReactNode } from 'react';
import { StrokeIcon } from '../../../components/ui/icons.tsx';

/**
 * The nav bar's icons, by the name game_menus gives each category (`icon`), drawn inline like
 * components/ui/icons.tsx. Decorative: the entry's label names it. An unknown name gets a neutral tile.
 */
const PATHS: Record<string, ReactNode> = {
  home: (
    <>
      <path d="M5 12H3l9-9 9 9h-2" />
      <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
    </>
  ),
  promo: (
    <>
      <path d="M4 9h16v4H4z" />
      <path d="M12 9v12M6 13v6a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-6" />
      <path d="M12 9C10 5 7 5 7 7s3 2 5 2c2 0 5 0 5-2s-3-2-5 2" />
    </>
  ),
  live: (
    <>
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="m16 10 5-3v10l-5-3" />
    </>
  ),
  slots: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16M15 4v16M5 12h2M11 12h2M17 12h2" />
    </>
  ),
  fish: (
    <>
      <path d="M3 12c3-5 9-6 13-3l5-3v12l-5-3c-4 3-10 2-13-3z" />
      <path d="M8 11h.01" />
    </>
  ),
  cards: (
    <>
      <rect x="3" y="5" width="11" height="15" rx="2" />
      <path d="m14 7 5 1.5a2 2 0 0 1 1.4 2.4L18 19" />
      <path d="M8.5 10.5 7 12.5l1.5 2 1.5-2z" />
    </>
  ),
  table: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4" />
      <path d="M12 3v5M12 16v5M3 12h5M16 12h5" />
    </>
  ),
  sports: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m12 7 4 3-1.5 5h-5L8 10z" />
      <path d="M12 3v4M21 10l-5 0M3 10h5M9.5 15 7 19M14.5 15l2.5 4" />
    </>
  ),
  esports: (
    <>
      <path d="M6 8h12a4 4 0 0 1 4 4v2a3 3 0 0 1-5.2 2l-1.8-2H9l-1.8 2A3 3 0 0 1 2 14v-2a4 4 0 0 1 4-4z" />
      <path d="M7 11v3M5.5 12.5h3M16 12h.01M18 11h.01" />
    </>
  ),
  lottery: (
    <>
      <circle cx="8" cy="9" r="4" />
      <circle cx="16" cy="15" r="4" />
      <path d="M8 8v2M16 14v2" />
    </>
  ),
  elottery: (
    <>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <circle cx="9" cy="9" r="1.5" />
      <circle cx="15" cy="9" r="1.5" />
      <circle cx="12" cy="15" r="1.5" />
    </>
  ),
  cockfight: (
    <>
      <path d="M7 20c-2-3-2-7 1-10 1-1 1-3 0-5 3 0 5 2 5 5l3-1-1 3c3 1 4 4 3 8" />
      <path d="M7 20h11M11 9h.01" />
    </>
  ),
  jackpot: (
    <>
      <path d="M6 4h12v4a6 6 0 0 1-12 0z" />
      <path d="M6 6H3a3 3 0 0 0 3 4M18 6h3a3 3 0 0 1-3 4M12 14v4M8 21h8" />
    </>
  ),
  arcade: (
    <>
      <circle cx="12" cy="6" r="3" />
      <path d="M12 9v6M5 15h14l1 5H4z" />
    </>
  ),
  bingo: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M9 3v18M15 3v18M3 9h18M3 15h18" />
    </>
  ),
  inhouse: (
    <>
      <path d="M12 4c3 4 4 8 0 14-4-6-3-10 0-14z" />
      <path d="M4 10c5 0 8 3 8 8-5 0-8-3-8-8zM20 10c-5 0-8 3-8 8 5 0 8-3 8-8z" />
    </>
  ),
};

const FALLBACK = (
  <>
    <rect x="4" y="4" width="7" height="7" rx="1.5" />
    <rect x="13" y="4" width="7" height="7" rx="1.5" />
    <rect x="4" y="13" width="7" height="7" rx="1.5" />
    <rect x="13" y="13" width="7" height="7" rx="1.5" />
  </>
);

export function CategoryIcon({ name, size = 18 }: { name: string; size?: number }) {
  return (
    <StrokeIcon size={size} data-icon={PATHS[name] ? name : 'fallback'}>
      {PATHS[name] ?? FALLBACK}
    </StrokeIcon>
  );
}
