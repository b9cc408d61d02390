/**
 * The `pagerduty` command-line program as a library: {@link run} executes a command line
 * in-process (what `main.ts` does with the real process), and the command factories let
 * another program embed the same commands.
 *
 * @module
 */
export { run } from './run.js';
export type { CliIo, TextSink } from './cli-io.js';
export { EXIT, exitStatusFor, failureLine, failureLines } from './failure-report.js';
export { unknownCommand } from './run.js';
export { COMMAND_NAMES, COMMANDS, DESCRIPTION, epilogue, topLevelHelp } from './program.js';
export type { CommandSummary } from './program.js';
export { runWithYargs, usageHint } from './yargs-program.js';
export { API_KEY_ENV, BASE_URL_ENV, ENVIRONMENT, EVENTS_URL_ENV, FROM_ENV, envDefault, fromEnv } from './environment.js';
export { paginateTerms } from './command-line-terms.js';
export { responseHead } from './response-head.js';
export type { ResponseHeadSource } from './response-head.js';
export { UsageError } from './usage-error.js';
export { clientOptions, writeJson } from './cli-client-options.js';
export type { ConnectionArgs } from './cli-client-options.js';
export {
  defaultSource,
  ROUTING_KEY_ENV,
  routingKeyFrom,
  withEventOptions,
  withEventsClient,
} from './event-options.js';
export type { EventCommonArgs } from './event-options.js';
export { dedupKeyCommand } from './dedup-key-command.js';
export type { DedupKeyArgs } from './dedup-key-command.js';
export { fieldFile, fieldsToBody, fieldsToQuery, parseField, parseHeader } from './api-arguments.js';
export type { FieldFile, FieldAssignment, FieldValue, JsonObject, JsonValue } from './api-arguments.js';
export { parseInputJson, readFieldFile, readInputJson } from './api-input.js';
export type { StdinSource } from './api-input.js';
export { triggerCommand } from './commands/trigger.js';
export type { TriggerArgs } from './commands/trigger.js';
export { acknowledgeCommand } from './commands/acknowledge.js';
export { resolveCommand } from './commands/resolve.js';
export { submitCommand } from './commands/submit.js';
export type { SubmitArgs } from './commands/submit.js';
export { API_METHODS, apiBaseUrl, apiCommand, apiKeyFrom } from './commands/api.js';
export type { ApiArgs } from './commands/api.js';
export { emulatorCommand } from './commands/emulator-command.js';
export type { EmulatorArgs } from './commands/emulator-command.js';
