import { lazy } from 'react';
import { loadNamespaces } from '../../lib/i18n.ts';

/**
 * Issue 22: the PVP card rooms' parts of /pvp, each with its texts (the playing cards' names are the
 * `originals` texts). games-route.tsx loads this module only on /pvp, in one small dynamic import, so the
 * games route's own chunk (/rng, /fish) barely grows; the room list and the table are chunks of their own.
 */
const PVP_TEXTS = ['pvp', 'originals'] as const;

const PvpRooms = lazy(async () => {
  const [{ PvpRooms: Rooms }] = await Promise.all([
    import('../../features/pvp/components/pvp-rooms.tsx'),
    loadNamespaces(PVP_TEXTS),
  ]);
  return { default: Rooms };
});

const PvpTableScreen = lazy(async () => {
  const [{ PvpTableScreen: Screen }] = await Promise.all([
    import('../../features/pvp/components/pvp-table-screen.tsx'),
    loadNamespaces(PVP_TEXTS),
  ]);
  return { default: Screen };
});

/** The room list (no room) or a room's table in the page's place (`?room=`). */
export default function PvpPart({ roomCode, title }: { roomCode: string | null; title: string }) {
  return roomCode ? <PvpTableScreen roomCode={roomCode} lobbyTitle={title} lobbyPath="/pvp" /> : <PvpRooms />;
}
