// Types of cli-list-parameters-stage.mjs (for the TypeScript tests; the generator is plain JavaScript).
import type { Stage } from './index.mjs';

/** The declared list parameters of every GET operation, by path: the names without `[]`. */
export function listParameters(description: object): Record<string, string[]>;

export const cliListParametersStage: Stage;
