import { DEMO_ACCOUNTS, type DemoAccount } from '../../src/db/seed/demo-accounts.ts';

/** A seeded demo account by username; throws so a renamed seed account fails the test loudly. */
export function demoAccount(username: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((entry) => entry.username === username);
  if (!account) throw new Error(`no demo account ${username}`);
  return account;
}
