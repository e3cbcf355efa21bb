/** The one logger method the providers use (a pino / Fastify logger satisfies it). */
export type NotifyLog = { info(object: Record<string, unknown>, message: string): void };
