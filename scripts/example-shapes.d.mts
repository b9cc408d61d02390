// Types of example-shapes.mjs (for the TypeScript tests; the script is plain JavaScript).

export declare function shapeOf(value: unknown): unknown;
export declare function exampleShapes(description: object): {
  requests: Record<string, unknown[]>;
  responses: Record<string, unknown[]>;
};
