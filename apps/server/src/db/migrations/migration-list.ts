import type { Migration } from 'kysely/migration';
import * as brand from './0001_brand.ts';
import * as content from './0002_content.ts';
import * as catalogue from './0003_catalogue.ts';
import * as accounts from './0004_accounts.ts';
import * as accountFlows from './0005_account_flows.ts';
import * as ledger from './0006_ledger.ts';
import * as walletOperations from './0007_wallet_operations.ts';
import * as games from './0008_games.ts';
import * as auditChain from './0009_audit_chain.ts';
import * as messages from './0010_messages.ts';
import * as rewards from './0011_rewards.ts';
import * as vipRanks from './0012_vip_ranks.ts';
import * as roundStateMachine from './0013_round_state_machine.ts';
import * as attemptGates from './0014_attempt_gates.ts';
import * as sessionRevocation from './0015_session_revocation.ts';
import * as jobs from './0016_jobs.ts';
import * as ledgerPostFunction from './0017_ledger_post_function.ts';
import * as jobRuns from './0018_job_runs.ts';
import * as auditSeals from './0019_audit_seals.ts';
import * as accessNotify from './0020_access_notify.ts';
import * as vendorCallFunctions from './0021_vendor_call_functions.ts';
import * as playerProtection from './0022_player_protection.ts';
import * as protectionMoneyPath from './0023_protection_money_path.ts';
import * as agentAggregates from './0024_agent_aggregates.ts';
import * as agentContracts from './0025_agent_contracts.ts';
import * as promotionsLedger from './0026_promotions_ledger.ts';
import * as promotionEngine from './0027_promotion_engine.ts';
import * as points from './0028_points.ts';
import * as missionsReferral from './0029_missions_referral.ts';
import * as raffles from './0030_raffles.ts';
import * as loyaltyRanks from './0031_loyalty_ranks.ts';
import * as jackpot from './0032_jackpot.ts';
import * as freeRounds from './0033_free_rounds.ts';
import * as lottery from './0034_lottery.ts';
import * as sportsbook from './0035_sportsbook.ts';
import * as sportsbookResults from './0036_sportsbook_results.ts';
import * as liveTables from './0037_live_tables.ts';
import * as pvpRooms from './0038_pvp_rooms.ts';
import * as fishing from './0039_fishing.ts';
import * as studioAutoplay from './0040_studio_autoplay.ts';
import * as pvpRummy from './0041_pvp_rummy.ts';

/**
 * Every migration, in order, imported statically: the server bundle carries them (no directory scan at
 * run time, so tsup needs no special handling). Kysely sorts by name; names must never change once
 * released, and a new migration is a new file added at the end of this list.
 */
export const migrations: Record<string, Migration> = {
  '0001_brand': brand,
  '0002_content': content,
  '0003_catalogue': catalogue,
  '0004_accounts': accounts,
  '0005_account_flows': accountFlows,
  '0006_ledger': ledger,
  '0007_wallet_operations': walletOperations,
  '0008_games': games,
  '0009_audit_chain': auditChain,
  '0010_messages': messages,
  '0011_rewards': rewards,
  '0012_vip_ranks': vipRanks,
  '0013_round_state_machine': roundStateMachine,
  '0014_attempt_gates': attemptGates,
  '0015_session_revocation': sessionRevocation,
  '0016_jobs': jobs,
  '0017_ledger_post_function': ledgerPostFunction,
  '0018_job_runs': jobRuns,
  '0019_audit_seals': auditSeals,
  '0020_access_notify': accessNotify,
  '0021_vendor_call_functions': vendorCallFunctions,
  '0022_player_protection': playerProtection,
  '0023_protection_money_path': protectionMoneyPath,
  '0024_agent_aggregates': agentAggregates,
  '0025_agent_contracts': agentContracts,
  '0026_promotions_ledger': promotionsLedger,
  '0027_promotion_engine': promotionEngine,
  '0028_points': points,
  '0029_missions_referral': missionsReferral,
  '0030_raffles': raffles,
  '0031_loyalty_ranks': loyaltyRanks,
  '0032_jackpot': jackpot,
  '0033_free_rounds': freeRounds,
  '0034_lottery': lottery,
  '0035_sportsbook': sportsbook,
  '0036_sportsbook_results': sportsbookResults,
  '0037_live_tables': liveTables,
  '0038_pvp_rooms': pvpRooms,
  '0039_fishing': fishing,
  '0040_studio_autoplay': studioAutoplay,
  '0041_pvp_rummy': pvpRummy,
};
