/**
 * Every error the API can return. Each code is also the i18n key the browser shows (SPEC §8), so a code
 * added here must be added to both locale files of apps/web (a test enforces it).
 */
export const errorCodes = {
  // generic
  invalid_request: 400,
  invalid_json: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  not_found: 404,
  method_not_allowed: 405,
  not_logged_in: 401,
  forbidden: 403,
  conflict: 409,
  too_many_requests: 429,
  unknown_error: 500,
  service_unavailable: 503,
  // system (SPEC §8)
  info_maintenance: 503,
  blockip: 403,
  brand_not_found: 404,
  // content and feedback (docs/content-contract.md)
  feedback_content_length: 400,
  upload_too_many: 400,
  upload_too_large: 413,
  upload_type: 415,
  /** A picture declaring more pixels than the server accepts (a pixel flood), issue 7. */
  upload_dimensions: 413,
  // catalogue (SPEC §8: a vendor or game under maintenance)
  game_maintenance: 503,
  // games (docs/games-contract.md "Error codes")
  game_not_found: 404,
  game_trial_unavailable: 400,
  bet_invalid: 400,
  bet_limit: 400,
  session_expired: 401,
  vendor_signature_invalid: 401,
  vendor_request_stale: 401,
  round_pending: 409,
  seed_invalid: 400,
  // accounts (docs/api.md "Accounts and sessions")
  sealed_payload_invalid: 400,
  login_failed: 401,
  account_locked: 423,
  // accounts, second slice (docs/accounts-contract.md "Error codes")
  captcha_required: 400,
  captcha_error: 400,
  human_verification_failed: 400,
  mobile_required: 400,
  mobile_format_error: 400,
  mobile_registered: 409,
  sms_code_required: 400,
  sms_code_invalid: 400,
  sms_code_expired: 400,
  sms_too_many_requests: 429,
  sms_quota_exceeded: 429,
  sms_not_allowed: 403,
  sms_send_failed: 503,
  username_taken: 409,
  field_invalid: 400,
  password_mismatch: 400,
  invitation_code_error: 400,
  agreement_required: 400,
  birthday_limit: 400,
  registration_closed: 403,
  free_play_disabled: 403,
  error_not_agent: 403,
  /** A report narrowed to a member that is not the agent's direct downline (issue 18). */
  downline_not_in_team: 404,
  member_no_enter: 403,
  login_verification_required: 403,
  login_verification_failed: 400,
  old_password_error: 400,
  /** The session must change its password before anything else (issue 14; docs/api.md). */
  password_change_required: 403,
  username_email_not_found: 400,
  reset_link_invalid: 400,
  oauth_failed: 400,
  oauth_provider_disabled: 404,
  telegram_auth_invalid: 400,
  telegram_auth_expired: 400,
  in_need_true_account: 403,
  avatar_not_found: 404,
  // wallet (issue 5; docs/database.md "Ledger")
  idempotency_key_reused: 409,
  insufficient_funds: 409,
  hold_not_reserved: 409,
  entry_already_reversed: 409,
  // wallet, second slice (docs/wallet-contract.md "Error codes")
  idempotency_key_required: 400,
  amount_invalid: 400,
  amount_below_minimum: 422,
  amount_above_maximum: 422,
  payment_method_unavailable: 422,
  deposit_reference_required: 400,
  deposit_not_pending: 409,
  gateway_signature_invalid: 401,
  withdraw_password_not_set: 422,
  withdraw_password_already_set: 409,
  withdraw_password_error: 403,
  withdraw_password_locked: 423,
  payout_account_limit: 422,
  payout_account_not_found: 404,
  withdrawal_not_pending: 409,
  withdrawal_not_awaiting_receipt: 409,
  received_amount_invalid: 400,
  proof_required: 400,
  wallet_single_mode: 422,
  vendor_unknown: 404,
  transfer_not_allowed: 403,
  operator_login_failed: 401,
  operator_forbidden: 403,
  reason_required: 400,
  // platform messages (docs/api.md "Messages")
  message_not_found: 404,
  // reward centre (docs/api.md "Reward centre")
  reward_not_found: 404,
  reward_already_claimed: 409,
  reward_expired: 409,
  // agent contracts (issue 18; docs/agent-contracts.md)
  /** A rate that is not a percent in (0, 100] with at most two decimals. */
  contract_rate_invalid: 400,
  /** An offer above the offering upline's own rate of the kind (the chain's rates are monotone). */
  contract_rate_above_upline: 409,
  /** The agent holds no accepted contract of the kind, so it has nothing to offer its downline. */
  contract_upline_none: 409,
  contract_not_found: 404,
  /** The action does not fit the contract's state (accepting an ended one, ending an offer as downline, …). */
  contract_state_invalid: 409,
  /** Contracts are made with a direct downline agent only. */
  contract_not_direct_downline: 409,
  contract_downline_not_agent: 409,
  /** An operator sets contracts for top agents only (no agent upline); the others get theirs from their upline. */
  contract_not_top_agent: 409,
  /** A field a kind does not take (a period on a salary, tiers on anything but a daily salary), or a missing one. */
  contract_terms_invalid: 400,
  settlement_not_found: 404,
  // raffles: red envelope, golden egg, prize wheel (issue 19; docs/raffles.md)
  raffle_not_found: 404,
  /** The brand already has a campaign of that code. */
  raffle_code_taken: 409,
  /** A window that ends before it starts, or already in the past. */
  raffle_window_invalid: 400,
  /** A prize table that cannot be drawn from (no rows, a weight below 1, nothing above zero). */
  raffle_prizes_invalid: 400,
  /** The action does not fit the campaign's status (starting an ended one, granting after the end). */
  raffle_state_invalid: 409,
  /** The campaign is not open now (not started, or ended): tickets cannot be opened. */
  raffle_not_open: 409,
  /** The member has no unused ticket of the campaign. */
  raffle_no_tickets: 409,
  raffle_ticket_not_found: 404,
  raffle_ticket_claimed: 409,
  /** The campaign's budget cannot pay the prize this ticket draws: nothing moved, the ticket stays unused. */
  raffle_budget_exhausted: 409,
  // lottery engine (issue 20, docs/lottery.md)
  /** A game code that is not an enabled game of the engine. */
  lottery_game_not_found: 404,
  /** A draw id that is not a draw of the game. */
  lottery_draw_not_found: 404,
  /** The draw's betting window is not open (not yet open, closed, drawn or cancelled): nothing moved. */
  lottery_draw_closed: 409,
  /** A line whose bet type or selection the game's maths refuses (details name the line). */
  lottery_bet_invalid: 400,
  /** A line's stake under the game's minimum or over its maximum (details carry both). */
  lottery_stake_out_of_range: 400,
  /** More lines than the game's max_lines. */
  lottery_too_many_lines: 400,
  /** The draw could pay more on one selection than the game's max payout: nothing moved (details name the line and what is left). */
  lottery_liability_reached: 409,
  /** An external result that is not the family's shape. */
  lottery_result_invalid: 400,
  /** Confirm/reject with no pending entry, or an entry for a draw that is not waiting for one. */
  lottery_result_not_pending: 409,
  /** The operator who entered a result may not confirm it. */
  lottery_four_eyes: 409,
  /** A draw already drawn, settled or cancelled. */
  lottery_draw_not_cancellable: 409,
  /** A slip id that is not one of the player's. */
  lottery_slip_not_found: 404,
  /** An operator's new game whose code the brand's catalogue already has. */
  lottery_game_code_taken: 409,
  // live tables (issue 22, docs/live-tables.md "Server")
  /** A table code that is not one of the brand's live tables. */
  live_table_not_found: 404,
  /** A round id that is not a round of the live tables. */
  live_round_not_found: 404,
  /** "No more bets": the round is not taking bets any more (or is not the table's current round). */
  live_bets_closed: 409,
  /** A bet spot that is not one of the table's (an unknown kind, or numbers that are not a real bet). */
  live_bet_invalid: 400,
  /** A spot's amount under the table's minimum for its kind (details: the spot and the limit). */
  live_bet_below_min: 400,
  /** A spot's total in the round over the table's maximum for its kind (details: the spot and the limit). */
  live_bet_above_max: 400,
  // sportsbook (issue 21, docs/sportsbook.md)
  /** An event id that is not an event of the book (or of this brand). */
  sportsbook_event_not_found: 404,
  /** A selection id that is not an active selection of an open market. */
  sportsbook_selection_not_found: 404,
  /** A leg's market is suspended (a goal, a wicket, a red card …) or closed: nothing moved. */
  sportsbook_market_suspended: 409,
  /** A leg's price moved and the acceptance rule does not take the new one: details carry the current odds. */
  sportsbook_odds_changed: 409,
  /** A stake under the minimum or over a leg market's maximum (details carry both). */
  sportsbook_stake_out_of_range: 400,
  /** A leg under its market's minimum odds, or an accumulator under the book's. */
  sportsbook_odds_too_low: 400,
  /** Two legs of one accumulator on the same event, a single with more than one leg, or a multi with one. */
  sportsbook_legs_invalid: 400,
  /** The bet would take a market's or an event's liability over its limit: nothing moved. */
  sportsbook_liability_reached: 409,
  /** A bet id that is not one of the player's. */
  sportsbook_bet_not_found: 404,
  /** No cash-out for this bet now (settled, a leg suspended or resulted lost, or in-play delay). */
  sportsbook_cashout_unavailable: 409,
  /** The quote's prices moved or it expired: nothing moved; ask for a new quote. */
  sportsbook_cashout_price_moved: 409,
  /** An operator's action the market's or bet's state does not allow (details say the state). */
  sportsbook_state_conflict: 409,
  // PVP rooms (issue 22, docs/pvp.md "Server"); the table's rule refusals (TableRuleError codes) as pvp_*
  /** A room code that is not a room of this brand. */
  pvp_room_not_found: 404,
  /** The seat is someone else's (or a concurrent sit won it). */
  pvp_seat_taken: 409,
  /** A seat number outside the table. */
  pvp_seat_invalid: 400,
  /** The member already has a seat at this table. */
  pvp_already_seated: 409,
  /** The member has no seat at this table. */
  pvp_not_seated: 409,
  /** A buy-in under the table's minimum or over its maximum (details carry both). */
  pvp_buy_in_out_of_range: 400,
  /** The action needs a running hand, or the member is not in it (packed, sitting out, joined mid-hand). */
  pvp_not_in_hand: 409,
  /** Another player is to act. */
  pvp_not_your_turn: 409,
  /** The player already looked at their cards. */
  pvp_already_seen: 409,
  /** A chaal amount the rules do not allow now (details carry the two allowed). */
  pvp_bet_invalid: 400,
  /** The table chips do not cover the bet (no all-in): pack or leave. */
  pvp_stack_short: 409,
  /** A show needs exactly two players left and the viewer's turn. */
  pvp_show_not_allowed: 409,
  /** A side show needs the asker seen, three or more players left and the previous one seen. */
  pvp_side_show_not_allowed: 409,
  /** The action does not fit the table's state now (e.g. a reply with no side show waiting). */
  pvp_action_invalid: 409,
  /** Someone else moved the table at the same moment: read it again and retry. */
  pvp_table_moved: 409,
  /** A repeated sit whose first try did not seat the player (its buy-in was given back): sit again, new key. */
  pvp_sit_cancelled: 409,
  /** Rummy: the other half of the turn (a discard before drawing, a second draw, a drop after drawing). */
  pvp_wrong_phase: 409,
  /** Rummy: a card the player does not hold (discarded or declared). */
  pvp_card_not_held: 409,
  /** Rummy: a discarded joker cannot be taken from the open pile. */
  pvp_joker_not_drawable: 409,
  /** Rummy: a declaration whose groups are not exactly the player's other 13 cards, each once. */
  pvp_declaration_malformed: 400,
  // player protection (docs/player-protection.md)
  /** A bet that would pass a loss or wager limit in force: nothing moved. */
  limit_reached: 403,
  /** A deposit over what the deposit limit leaves this period: refused before any gateway. */
  deposit_limit_reached: 403,
  /** The reality check is due: no bet is taken on this session until the player has seen it. */
  reality_check_due: 409,
  /** The session time limit ended this session. */
  play_session_limit_reached: 401,
  /** Cool-off, self-exclusion or an operator's exclusion: login and money in are refused until its end. */
  account_excluded: 403,
  limit_pending_none: 404,
  /** An operator may add protection, never remove or loosen what the player set. */
  protection_operator_loosen: 403,
  date_range_invalid: 400,
  // points and the points mall (issue 19, docs/points.md)
  points_insufficient: 409,
  points_reward_not_found: 404,
  points_out_of_stock: 409,
  points_address_required: 400,
  /** SPEC §5: the mobile number typed must be the member's own. */
  points_mobile_mismatch: 400,
  points_mobile_not_bound: 409,
  points_convert_unavailable: 409,
  points_convert_invalid: 400,
  points_redemption_not_found: 404,
  points_redemption_state: 409,
  points_config_invalid: 400,
  // missions and referral (issue 19, docs/missions-referral.md)
  mission_not_found: 404,
  /** The mission's target is not reached in the current period. */
  mission_not_complete: 409,
  /** This period's reward of the mission was claimed already (by the member or the end-of-period job). */
  mission_already_claimed: 409,
  /** SPEC §8 "Referral disabled": the brand does not run the referral promotion. */
  activity_coming: 403,
  // promotion engine (issue 19; docs/promotion-engine.md)
  promotion_not_found: 404,
  /** Before its window (coming soon), after it (closed), or a promotion without rules. */
  promotion_not_open: 409,
  /** The member does not meet a rule (`value.reason`: new_players, deposit_count, vip_level, qualifying_deposit). */
  promotion_not_eligible: 409,
  promotion_already_applied: 409,
  /** A remark over 140 characters (SPEC §5). */
  promotion_remark_too_long: 400,
  /** Nothing to claim: no joined application, or no qualifying deposit yet. */
  promotion_not_claimable: 409,
  promotion_rules_invalid: 400,
  /** A new promotion's code is taken in the brand. */
  promotion_code_taken: 409,
  application_not_found: 404,
  application_not_pending: 409,
  bonus_not_found: 404,
  bonus_not_open: 409,
  /** A withdrawal that would leave less than the open bonuses lock (`value`: done, required, percent, locked). */
  bonus_wagering_open: 409,
  // progressive jackpot (issue 19; docs/jackpot.md)
  jackpot_not_found: 404,
  /** Another jackpot of the brand has this code. */
  jackpot_code_taken: 409,
  /** A game that is not one of the brand's in-house games. */
  jackpot_game_invalid: 400,
  /** A game funds at most one jackpot. */
  jackpot_game_taken: 409,
  // free rounds (issue 19; docs/promotion-engine.md "Free rounds")
  /** No such free-round grant of this player for this game. */
  free_round_not_found: 404,
  /** Every round of the grant has been played. */
  free_rounds_used_up: 409,
  /** Free rounds are played with real money only (not in a trial), on a slot. */
  free_round_not_playable: 400,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}

export function httpStatusOf(code: ErrorCode): number {
  return errorCodes[code];
}
