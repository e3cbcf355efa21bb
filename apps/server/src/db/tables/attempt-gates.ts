/** 0014_attempt_gates: counters of the gates that have no row of their own (lib/attempt-gate.ts). */
export interface AttemptGatesTable {
  gate: string;
  subject: string;
  attempts: number;
  window_started_at: Date;
}

export interface AttemptGateTables {
  attempt_gates: AttemptGatesTable;
}
