/**
 * The PVP rooms' query keys (issue 22): everything hangs under ['pvp'], so leaving a table refreshes the
 * room list with it.
 */
export const pvpKeys = {
  all: ['pvp'] as const,
  rooms: (language: string) => ['pvp', 'rooms', language] as const,
  table: (roomCode: string) => ['pvp', 'table', roomCode] as const,
};
