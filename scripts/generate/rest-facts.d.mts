// Types of rest-facts.mjs (for the TypeScript tests; the generator is plain JavaScript).
import type { OperationFacts } from './operation-facts.mjs';

export type RestOperation = OperationFacts;

export declare function deriveRestOperations(extract: object): RestOperation[];
