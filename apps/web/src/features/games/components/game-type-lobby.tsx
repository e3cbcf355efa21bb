import { Skeleton, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useGameMenus } from '../../../lib/catalogue/get-game-menus.ts';
import { useGamesLanguage } from '../../../lib/games/use-game-pages.ts';
import { useGameListPages } from '../hooks/use-game-lists.ts';
import { vendorsOfType } from '../utils/vendor-tabs.ts';
import { GameGrid } from './game-grid.tsx';
import { VendorTabs } from './vendor-tabs.tsx';

/** Height of VendorTabs' pill row (Mantine's default tab size, 18 px logos), measured in Chromium. */
const VENDOR_TABS_HEIGHT = 38;

type GameTypeLobbyProps = {
  /** The game type listed, e.g. RNG. */
  gameType: string;
  /** Vendor tabs (SPEC §2 for /rng, /fish, /pvp): `?page=` picks the vendor, the first one by default. */
  withTabs?: boolean;
};

/**
 * The games of one game type, 20 a page with "load more". With tabs, the list waits for the menu only
 * when no vendor was asked for; if the menu fails it lists the type's games of every vendor instead.
 */
export function GameTypeLobby({ gameType, withTabs = false }: GameTypeLobbyProps) {
  const language = useGamesLanguage();
  const menus = useGameMenus(language);
  const vendors = useMemo(
    () => vendorsOfType(menus.data?.categories ?? [], gameType),
    [menus.data, gameType],
  );
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = withTabs ? searchParams.get('page') : null;
  const selected = withTabs ? (requested ?? vendors[0]?.vassalage ?? null) : null;
  const waiting = withTabs && requested === null && menus.status === 'pending';
  const filter = useMemo(
    () => ({ gameType, ...(selected ? { vassalage: selected } : {}) }),
    [gameType, selected],
  );
  const pages = useGameListPages(filter, { enabled: !waiting });

  return (
    <Stack gap="md">
      {withTabs && vendors.length > 0 ? (
        <VendorTabs
          vendors={vendors}
          selected={selected}
          onSelect={(vassalage) =>
            setSearchParams(
              (previous) => {
                const next = new URLSearchParams(previous);
                next.set('page', vassalage);
                return next;
              },
              { preventScrollReset: true },
            )
          }
        />
      ) : withTabs && menus.status === 'pending' ? (
        // The tabs' height while the menu loads, so the grid below does not jump when they arrive (CLS).
        <Skeleton h={VENDOR_TABS_HEIGHT} radius="xl" data-testid="vendor-tabs-loading" />
      ) : null}
      <GameGrid pages={pages} />
    </Stack>
  );
}
