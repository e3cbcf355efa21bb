/** Frequency and hot/cold charts of the game's recent results (issue 20 helper E). Placeholder until E's lands. */
export function LotteryTrends(_props: { gameCode: string }) {
  return null;
}
