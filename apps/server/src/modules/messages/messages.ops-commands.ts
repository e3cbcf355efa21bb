import { sendMessageBodySchema } from '@lotus/shared/messages.schema';
import { cliActor, printJson } from '../../ops/operator-cli.ts';
import { type OpsCommand, type OpsDeps, usageError } from '../../ops/ops-command.ts';
import { MessagesService } from './messages.service.ts';

/**
 * `message:send`: a platform message from the command line, through the same service as
 * `POST /wps/ops/messages`, audited as `message.sent` with `operatorId: null` and `detail.via: 'cli'`.
 * Sending has no reward counts to read, so the reward dependency is never called here.
 */

function serviceOf(deps: OpsDeps): MessagesService {
  return new MessagesService({
    db: deps.db,
    countUnclaimedRewards: async () => 0,
  });
}

/** `--name value` and `--name=value` options of a command; anything else makes the arguments invalid. */
function optionsOf(args: readonly string[], names: readonly string[]): Record<string, string> | null {
  const values: Record<string, string> = {};
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    const match = /^--([a-z]+)(?:=(.*))?$/s.exec(arg);
    const name = match?.[1];
    if (!match || name === undefined || !names.includes(name) || name in values) return null;
    if (match[2] !== undefined) {
      values[name] = match[2];
    } else {
      const value = args[index + 1];
      if (value === undefined) return null;
      values[name] = value;
      index += 1;
    }
  }
  return values;
}

export const messageOpsCommands: Record<string, OpsCommand> = {
  'message:send': {
    usage: 'message:send --to <username|all> --title <text> --body <html> [--brand <code>]',
    summary: 'send a platform message to one member or to every member of the brand (body is sanitised)',
    async run(args, options, deps, io) {
      const values = optionsOf(args, ['to', 'title', 'body']);
      const to = values?.to?.trim();
      if (!values || !to || values.title === undefined || values.body === undefined) {
        return usageError(io, 'message:send');
      }
      const body = sendMessageBodySchema.safeParse({
        ...(to.toLowerCase() === 'all' ? {} : { username: to }),
        title: values.title,
        body: values.body,
      });
      if (!body.success) {
        io.err(
          `error: ${body.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
        );
        return usageError(io, 'message:send');
      }
      const service = serviceOf(deps);
      const actor = cliActor(await service.cliBrandId(options.brand));
      return printJson(io, await service.send(actor, body.data));
    },
  },
};
