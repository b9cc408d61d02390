// Types of survey-description.mjs (for the TypeScript tests; the generator is plain JavaScript).
import type { SchemaOverrideRow } from './apply-schema-overrides.mjs';

export interface Finding {
  kind: 'a' | 'b' | 'c-absent' | 'c-always';
  where: string;
  field: string;
}

export declare function multiValueEnums(extract: object): Finding[];
export declare function exampleFindings(extract: object, shapes: object): Finding[];
export declare function surveyDescription(
  extract: object,
  shapes: object,
  rows?: readonly SchemaOverrideRow[],
): Array<Finding & { fixed: boolean }>;
