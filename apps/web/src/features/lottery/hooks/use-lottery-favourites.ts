import { useCallback, useState } from 'react';
import { readLotteryFavourites, toggleLotteryFavourite } from '../../../lib/games/lottery-favourites.ts';
import { openAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';

/**
 * SPEC §3 lottery favourites, kept on this browser per username: a visitor's star opens the login pop-up,
 * since favourites belong to a username.
 */
export function useLotteryFavourites() {
  const { member, token } = useSession();
  const username = member?.account ?? null;
  const [version, setVersion] = useState(0);
  const favourites = username ? readLotteryFavourites(username) : [];
  const toggle = useCallback(
    (gameCode: string) => {
      if (token === null || !username) {
        openAuthModal({ kind: 'login' });
        return;
      }
      toggleLotteryFavourite(username, gameCode);
      setVersion((current) => current + 1);
    },
    [token, username],
  );
  return { favourites, toggle, version };
}
