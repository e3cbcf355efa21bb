import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { OutboxRepository } from '../lib/notify/outbox.repository.ts';
import type { FeedbackService } from '../modules/feedback/feedback.service.ts';
import type { SystemService } from '../modules/system/system.service.ts';

/**
 * The shape of one operator command (`npm run ops -- <command>`) and the helpers every command uses. This file
 * imports no command: the registry (ops/commands.ts) imports the modules' commands, and the commands import
 * only this file, so the registry and its commands never import each other (no import circle).
 */

export type OpsIo = { out: (line: string) => void; err: (line: string) => void };
export type OpsDeps = {
  /** Module commands (e.g. the wallet's, docs/wallet-contract.md) build their services from it. */
  db: Kysely<Database>;
  system: SystemService;
  feedback: FeedbackService;
  outbox: OutboxRepository;
};

/** One operator command; modules export `Record<string, OpsCommand>` and OPS_COMMANDS spreads them. */
export type OpsCommand = {
  usage: string;
  summary: string;
  run(args: string[], options: { brand: string | undefined }, deps: OpsDeps, io: OpsIo): Promise<number>;
};

export const json = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? String(item) : item), 2);

/** Thrown by `usageError`; the runner (which holds the registry) prints the command's usage line. */
export class OpsUsageError extends Error {
  constructor(readonly command: string) {
    super(`usage: ${command}`);
  }
}

/**
 * Ends a command whose arguments are wrong: the runner prints `usage: npm run ops -- <usage>` and exits 1.
 * It throws rather than printing here because only the registry knows every command's usage line.
 */
export function usageError(_io: OpsIo, name: string): never {
  throw new OpsUsageError(name);
}
