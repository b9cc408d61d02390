export interface PythonParameter {
  name: string;
  type: string;
  default?: unknown;
}
export interface PythonFunction {
  name: string;
  parameters: PythonParameter[];
  returns: string;
  description: string;
}
export interface PythonField {
  name: string;
  type: string;
  required: boolean;
  default?: unknown;
  bounds: Record<string, number>;
}
export interface PythonClass {
  name: string;
  bases: string[];
  fields: PythonField[];
  extra: string | undefined;
}
export interface PythonModule {
  functions: PythonFunction[];
  classes: Record<string, PythonClass>;
  aliases: Record<string, string>;
  constants: Record<string, number>;
}
export function logicalLines(source: string): { indent: number; text: string }[];
export function splitTop(text: string, separator?: string): string[];
export function bracketed(text: string, open: number): string;
export function pythonLiteral(text: string, constants?: Record<string, unknown>): unknown;
export function readModule(source: string, constants?: Record<string, number>): PythonModule;
export function toolLists(source: string): { read: string[]; write: string[] };
