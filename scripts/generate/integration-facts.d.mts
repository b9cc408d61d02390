// Types of integration-facts.mjs (for the TypeScript tests; the generator is plain JavaScript).
import type { OperationFacts } from './operation-facts.mjs';

export interface IntegrationOperation extends OperationFacts {
  baseUrl: string;
  describedPath: string;
  auth: Array<'token' | 'bearer'>;
}

export declare function deriveIntegrationOperations(extract: object): IntegrationOperation[];
