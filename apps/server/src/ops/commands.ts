import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isAppError } from '../lib/app-error.ts';
import { systemClock } from '../lib/clock.ts';
import { geoLookup } from '../lib/geo.ts';
import { OutboxRepository } from '../lib/notify/outbox.repository.ts';
import { agentContractOpsCommands } from '../modules/agent-contracts/agent-contracts.ops-commands.ts';
import { createAttemptGatesModule } from '../modules/attempt-gates/attempt-gates-module.ts';
import { auditOpsCommands } from '../modules/audit/audit.ops-commands.ts';
import { depositOpsCommands } from '../modules/deposits/deposits.ops-commands.ts';
import { createFeedbackModule } from '../modules/feedback/feedback-module.ts';
import { jackpotOpsCommands } from '../modules/jackpot/jackpot.ops-commands.ts';
import { lotteryOpsCommands } from '../modules/lottery/lottery.ops-commands.ts';
import { lotteryLiabilityOpsCommands } from '../modules/lottery/lottery-liability.ops-commands.ts';
import { loyaltyOpsCommands } from '../modules/loyalty/loyalty.ops-commands.ts';
import { memberOpsCommands } from '../modules/members/members.ops-commands.ts';
import { messageOpsCommands } from '../modules/messages/messages.ops-commands.ts';
import { missionsOpsCommands } from '../modules/missions/missions.ops-commands.ts';
import { operatorOpsCommands } from '../modules/operators/operators.ops-commands.ts';
import { protectionOpsCommands } from '../modules/player-protection/player-protection.ops-commands.ts';
import { pointsOpsCommands } from '../modules/points/points.ops-commands.ts';
import { promotionEngineOpsCommands } from '../modules/promotion-engine/promotion-engine.ops-commands.ts';
import { rewardOpsCommands } from '../modules/promotions/rewards.ops-commands.ts';
import { raffleOpsCommands } from '../modules/raffles/raffles.ops-commands.ts';
import { BRAND_SETTING_KEYS } from '../modules/system/system.service.ts';
import { createSystemModule } from '../modules/system/system-module.ts';
import { withdrawalOpsCommands } from '../modules/withdrawals/withdrawals.ops-commands.ts';
import { json, type OpsCommand, type OpsDeps, type OpsIo, OpsUsageError, usageError } from './ops-command.ts';

/**
 * The operator commands (`npm run ops -- <command>`), separated from process concerns so tests run them
 * against an in-memory database. Each command goes through the same service the API uses, so the CLI
 * cannot store what the API would refuse.
 */

/** The services the CLI drives, wired as the server wires them (the CLI and its tests share this). */
export function createOpsDeps(db: Kysely<Database>): OpsDeps {
  const system = createSystemModule({ db, geo: geoLookup }).api;
  // The CLI only lists tickets; the gate is wired so the service is the one the API uses.
  const feedback = createFeedbackModule({
    db,
    brands: system,
    gates: createAttemptGatesModule({ db }).api,
    clock: systemClock,
  }).api;
  return { db, system, feedback, outbox: new OutboxRepository(db) };
}

export const OPS_COMMANDS: Record<string, OpsCommand> = {
  help: {
    usage: 'help',
    summary: 'list the commands',
    async run(_args, _options, _deps, io) {
      io.out(helpText());
      return 0;
    },
  },
  'brand:get': {
    usage: 'brand:get [--brand <code>]',
    summary: "print the brand's settings and effective whitelabel flags (default brand unless --brand)",
    async run(args, options, deps, io) {
      if (args.length > 0) return usageError(io, 'brand:get');
      io.out(json(await deps.system.getBrandSettings(options.brand)));
      return 0;
    },
  },
  'brand:set': {
    usage: 'brand:set <key> <value> [--brand <code>]',
    summary: `change a brand switch; key is one of ${BRAND_SETTING_KEYS.join(', ')}`,
    async run(args, options, deps, io) {
      const [key, value] = args;
      if (key === undefined || value === undefined || args.length > 2) return usageError(io, 'brand:set');
      const settings = await deps.system.setBrandSetting(key, value, options.brand);
      io.out(`${settings.code}: ${key} = ${json(settings[key as keyof typeof settings])}`);
      return 0;
    },
  },
  'flag:set': {
    usage: 'flag:set <MODID> <on|off> [--brand <code>]',
    summary: 'switch a whitelabel node (a flag such as FREEPLAY3, or a module such as REGISTER3)',
    async run(args, options, deps, io) {
      const [modId, value] = args;
      if (modId === undefined || value === undefined || args.length > 2) return usageError(io, 'flag:set');
      const settings = await deps.system.setFlag(modId, value, options.brand);
      const id = modId.toUpperCase();
      io.out(`${settings.code}: ${id} = ${settings.flags[id] ? 'on' : 'off'} (effective)`);
      return 0;
    },
  },
  'outbox:list': {
    usage: 'outbox:list [<destination>] [<limit>]',
    summary: 'print the newest messages of the outbox SMS / mail providers (default 20; e.g. +919000000001)',
    async run(args, _options, deps, io) {
      // A number of up to 3 digits is the limit; anything else (a phone number, an address) the destination.
      const limit = args.find((arg) => /^\d{1,3}$/.test(arg));
      const destination = args.find((arg) => arg !== limit);
      const count = limit === undefined ? 20 : Number(limit);
      if (
        args.length > 2 ||
        args.length !== [limit, destination].filter(Boolean).length ||
        count < 1 ||
        count > 500
      ) {
        return usageError(io, 'outbox:list');
      }
      io.out(json(await deps.outbox.list({ destination, limit: count })));
      return 0;
    },
  },
  'feedback:list': {
    usage: 'feedback:list [open|answered|closed] [<limit>] [--brand <code>]',
    summary: 'print the newest feedback tickets (default 20, all statuses) with their image details',
    async run(args, options, deps, io) {
      // Either argument may be left out: a number is the limit, a word the status.
      const limit = args.find((arg) => /^\d+$/.test(arg));
      const status = args.find((arg) => !/^\d+$/.test(arg));
      if (args.length > 2 || args.length !== [limit, status].filter(Boolean).length) {
        return usageError(io, 'feedback:list');
      }
      const result = await deps.feedback.listTickets({
        brandCode: options.brand,
        status,
        ...(limit === undefined ? {} : { limit: Number(limit) }),
      });
      io.out(json(result));
      return 0;
    },
  },
  ...agentContractOpsCommands,
  ...auditOpsCommands,
  ...depositOpsCommands,
  ...lotteryLiabilityOpsCommands,
  ...loyaltyOpsCommands,
  ...jackpotOpsCommands,
  ...memberOpsCommands,
  ...messageOpsCommands,
  ...operatorOpsCommands,
  ...protectionOpsCommands,
  ...pointsOpsCommands,
  ...promotionEngineOpsCommands,
  ...rewardOpsCommands,
  ...raffleOpsCommands,
  ...lotteryOpsCommands,
  ...missionsOpsCommands,
  ...withdrawalOpsCommands,
};

export function helpText(): string {
  const width = Math.max(...Object.values(OPS_COMMANDS).map((command) => command.usage.length));
  return [
    'usage: npm run ops -- <command> [arguments]',
    '',
    ...Object.values(OPS_COMMANDS).map((command) => `  ${command.usage.padEnd(width)}  ${command.summary}`),
    '',
    'Booleans accept true/false or on/off; lists are comma-separated (restrictedCountries none clears it).',
    'With PGlite (no DATABASE_URL) stop the server first: one process may open the data folder at a time.',
  ].join('\n');
}

/** Prints a command's usage line (module commands reach it by throwing `usageError`). */
function printUsage(io: OpsIo, name: string): number {
  io.err(`usage: npm run ops -- ${OPS_COMMANDS[name]?.usage ?? name}`);
  return 1;
}

/** Splits `--brand <code>` (or `--brand=<code>`) from the positional arguments. */
export function parseArgs(argv: readonly string[]): { positional: string[]; brand: string | undefined } {
  const positional: string[] = [];
  let brand: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    if (arg === '--brand') {
      brand = argv[index + 1];
      index += 1;
    } else if (arg.startsWith('--brand=')) {
      brand = arg.slice('--brand='.length);
    } else {
      positional.push(arg);
    }
  }
  return { positional, brand };
}

/** True when the command needs no database (so `help` works even while the server holds PGlite). */
export function isOfflineCommand(argv: readonly string[]): boolean {
  const [name] = parseArgs(argv).positional;
  return name === undefined || name === 'help' || name === '--help' || !(name in OPS_COMMANDS);
}

export async function runOpsCommand(argv: readonly string[], deps: OpsDeps, io: OpsIo): Promise<number> {
  const { positional, brand } = parseArgs(argv);
  const [name = 'help', ...args] = positional;
  const command = OPS_COMMANDS[name === '--help' ? 'help' : name];
  if (!command) {
    io.err(`unknown command "${name}"\n\n${helpText()}`);
    return 1;
  }
  try {
    return await command.run(args, { brand }, deps, io);
  } catch (error) {
    if (error instanceof OpsUsageError) return printUsage(io, error.command);
    if (isAppError(error)) {
      io.err(`error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
