/** The game's result history, paged, each draw verifiable (issue 20 helper E). Placeholder until E's lands. */
export function LotteryResultHistory(_props: { gameCode: string }) {
  return null;
}
