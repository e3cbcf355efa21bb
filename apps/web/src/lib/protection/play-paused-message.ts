/**
 * What a game frame of the in-house studio posts to the page around it (same origin only) when a bet was
 * refused with `reality_check_due` (issue 17): the page reads the play session at once instead of at its
 * next look, and shows the reality check. Its own file: the studio's frame imports it and nothing else here.
 */
export const PLAY_PAUSED_MESSAGE = 'lotus:play-paused';
