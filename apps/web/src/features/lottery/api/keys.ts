/**
 * The lottery's query keys (issue 20): every request file of features/lottery/api uses these, so the live
 * hook (WebSocket pushes) and the bet slip's mutation invalidate exactly what changed.
 */
export const lotteryKeys = {
  all: ['lottery'] as const,
  games: (language: string) => ['lottery', 'games', language] as const,
  game: (gameCode: string, language: string) => ['lottery', 'game', gameCode, language] as const,
  history: (gameCode: string, pageNo: number) => ['lottery', 'history', gameCode, pageNo] as const,
  trends: (gameCode: string, sample: number) => ['lottery', 'trends', gameCode, sample] as const,
  draw: (drawId: string) => ['lottery', 'draw', drawId] as const,
  slips: (status: string, gameCode: string | undefined, pageNo: number) =>
    ['lottery', 'slips', status, gameCode ?? '', pageNo] as const,
  balance: ['lottery', 'balance'] as const,
};
