// Types of endpoint-types-stage.mjs (for the TypeScript tests; the generator is plain JavaScript).
import type { GeneratedFile, Stage, StageContext } from './index.mjs';

export declare function typesName(constant: string): string;
export declare const endpointTypesStage: Stage;
export declare function endpointMapFiles(context: StageContext): GeneratedFile[];
