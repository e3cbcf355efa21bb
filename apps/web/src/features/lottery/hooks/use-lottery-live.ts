/**
 * Live draws over the site's WebSocket (issue 20 helper E): subscribes to the games' pushes and refreshes
 * their queries (lotteryKeys) when a draw opens, closes or its result arrives. Placeholder until E's lands.
 */
export function useLotteryLive(_gameCodes: readonly string[]): void {}
