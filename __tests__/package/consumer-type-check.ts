/**
 * Type-checks a consumer's program against the installed package in-process, with the
 * compiler options a row of Getting started's settings table names. Only the consumer's
 * own files and the package's declarations are checked (as `skipLibCheck: false` would
 * check them): checking all of `@types/node` again for every setting adds nothing.
 */
import path from 'node:path';
import ts from 'typescript';

/** Parsed files shared by every check of a run: the same declarations are read once. */
const cache = new Map<string, ts.SourceFile | undefined>();

/** The error codes (`TS1479`, ...) with their first line, of a consumer program under `options`. */
export function consumerDiagnostics(dir: string, rootFile: string, options: Record<string, unknown>): string[] {
  const { options: compilerOptions, errors } = ts.convertCompilerOptionsFromJson(
    {
      target: 'ES2022',
      strict: true,
      types: ['node'],
      lib: ['ES2023', 'esnext.disposable'],
      skipLibCheck: false,
      noEmit: true,
      ...options,
    },
    dir,
  );
  if (errors.length > 0)
    return errors.map((error) => `options: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  const host = ts.createCompilerHost(compilerOptions, true);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const key = `${fileName} ${JSON.stringify(languageVersion)}`;
    if (!cache.has(key)) cache.set(key, read(fileName, languageVersion, onError, shouldCreate));
    return cache.get(key);
  };
  const root = path.join(dir, rootFile);
  const program = ts.createProgram({ rootNames: [root], options: compilerOptions, host });
  const checked = program
    .getSourceFiles()
    .filter((file) => file.fileName === root || file.fileName.includes('/node_modules/pagerduty-client/'));
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ];
  return diagnostics.map((diagnostic) => {
    const where = diagnostic.file ? `${path.relative(dir, diagnostic.file.fileName)}: ` : '';
    const firstLine = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n')[0];
    return `TS${diagnostic.code} ${where}${firstLine}`;
  });
}
