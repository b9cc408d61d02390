// The readable form of a signature (readable-signatures.ts renders it): pure functions over
// TypeDoc's models, so that they are tested without loading TypeDoc. The helpers that compute
// a call's types from its literal path are named by what they give; everything else is kept.

import type { Reflection, SignatureReflection, SomeType, TypeParameterReflection } from 'typedoc';

/** How one helper type reads: the word shown for it, and what it means (the word's tooltip). */
export interface ReadableType {
  /** The word shown in place of the helper (`entity`). */
  word: string;
  /** The word wrapped in `Promise<...>`: the helper itself is a promise type. */
  promise?: boolean;
  /** What the word stands for, shown as its tooltip. */
  means: string;
}

/**
 * The helper types of `src/core/types` and `src/core/rest` that compute a call's types from its
 * literal path, and the word each reads as. Rules as data, in one place: a new helper that
 * shows up in a main method's signature gets a row here.
 */
export const READABLE_TYPES: Readonly<Record<string, ReadableType>> = {
  EntityResult: {
    word: 'entity',
    promise: true,
    means: 'the entity inside its wrapper, typed from the path; T when given',
  },
  EntityResultOf: { word: 'entity', means: 'the entity inside its wrapper, typed from the path; T when given' },
  JsonResult: { word: 'body', promise: true, means: 'the decoded body, whole, typed from the path; T when given' },
  JsonResultOf: { word: 'body', means: 'the decoded body, whole, typed from the path; T when given' },
  ScimResult: { word: 'body', means: 'the decoded body, typed from the path; T when given' },
  ItemOf: { word: 'item', means: "one item of the path's list, typed from the path; T when given" },
  IndexItem: { word: 'item', means: "one item of the path's list, typed from the path; T when given" },
  ListOf: { word: 'item', means: 'one item of the list the endpoint answers; T when given' },
  QueryOf: { word: 'query', means: "the path's query parameters, as the API declares them" },
  IndexQuery: { word: 'query', means: "the path's query parameters, as the API declares them" },
  RequestOptionsOf: {
    word: 'options',
    means: 'RequestOptions (params, json, headers, signal, timeout, ...), params and json typed from the path',
  },
  EntityInit: {
    word: 'options',
    means: 'RequestOptions (params, json, headers, signal, timeout, ...), params and json typed from the path',
  },
  JsonInit: {
    word: 'options',
    means: 'RequestOptions (params, json, headers, signal, timeout, ...), params and json typed from the path',
  },
  FieldOf: { word: 'filters', means: "the request body's filters, as the endpoint declares them" },
  AnalyticsFilters: { word: 'filters', means: "the request body's filters, as the endpoint declares them" },
};

/** Helpers that only pass a type through: `Resolved<T, X>` (T when given, else X) and `Awaited<X>` read as X. */
export const PASS_THROUGH: Readonly<Record<string, number>> = { Resolved: 1, Awaited: 0 };

/** The word a path's type parameter (`P extends PathHint<A, "GET">`) reads as, and its tooltip. */
export const PATH_WORD: ReadableType = {
  word: 'path',
  means: 'a path (`/users/{id}` filled in) or full URL under baseUrl; a literal path types the call',
};

/** A type parameter that stands for the call's path: constrained or defaulted by `PathHint` (or the open string). */
export function isPathParameter(param: Pick<TypeParameterReflection, 'type' | 'default'>): boolean {
  return /\bPathHint\b|Record<never, never>/.test(`${param.type?.toString() ?? ''} ${param.default?.toString() ?? ''}`);
}

/** The signature's path type parameters, by name, with the `PathHint` page each links to (when it has one). */
export type PathParameters = ReadonlyMap<string, Reflection | undefined>;

/** The `PathHint` reference of a path parameter's default or constraint, for the `path` word's link. */
function pathHintOf(param: TypeParameterReflection): Reflection | undefined {
  for (const type of [param.default, param.type]) {
    if (type?.type === 'reference' && type.name === 'PathHint') return type.reflection;
  }
  return undefined;
}

/** What the readable form is made of: text, a linked type, or a word that stands for a helper. */
export type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'type'; type: SomeType }
  | { kind: 'word'; word: string; means: string; target?: Reflection }
  | { kind: 'name'; name: string; target?: Reflection }
  | { kind: 'method'; name: string }
  | { kind: 'parameter'; name: string };

/** Whether a type holds a helper to rename or a path parameter (then it is rebuilt piece by piece). */
export function needsRewrite(type: SomeType | undefined, paths: PathParameters): boolean {
  if (type === undefined) return false;
  switch (type.type) {
    case 'reference':
      if (type.refersToTypeParameter) return paths.has(type.name);
      return (
        type.name in READABLE_TYPES ||
        type.name in PASS_THROUGH ||
        (type.typeArguments ?? []).some((argument) => needsRewrite(argument, paths))
      );
    case 'union':
    case 'intersection':
      return type.types.some((member) => needsRewrite(member, paths));
    case 'array':
      return needsRewrite(type.elementType, paths);
    default:
      return false;
  }
}

const text = (value: string): Piece => ({ kind: 'text', text: value });

/** The readable pieces of a type: helpers as words, the path parameter as `path`, the rest as TypeDoc renders it. */
export function readableType(type: SomeType, paths: PathParameters): Piece[] {
  if (!needsRewrite(type, paths)) return [{ kind: 'type', type }];
  switch (type.type) {
    case 'reference': {
      if (type.refersToTypeParameter) {
        return [{ kind: 'word', word: PATH_WORD.word, means: PATH_WORD.means, target: paths.get(type.name) }];
      }
      const passed = PASS_THROUGH[type.name];
      const argument = passed === undefined ? undefined : type.typeArguments?.[passed];
      if (argument !== undefined) return readableType(argument, paths);
      const rule = READABLE_TYPES[type.name];
      if (rule !== undefined) {
        const word: Piece = { kind: 'word', word: rule.word, means: rule.means, target: type.reflection };
        return rule.promise ? [text('Promise<'), word, text('>')] : [word];
      }
      const args = (type.typeArguments ?? []).map((argument) => readableType(argument, paths));
      return [
        { kind: 'name', name: type.name, target: type.reflection },
        text('<'),
        ...args.flatMap((pieces, index) => (index === 0 ? pieces : [text(', '), ...pieces])),
        text('>'),
      ];
    }
    case 'union':
    case 'intersection': {
      const parts = uniqueBy(
        type.types.map((member) => readableType(member, paths)),
        piecesKey,
      );
      const separator = type.type === 'union' ? ' | ' : ' & ';
      return parts.flatMap((pieces, index) => (index === 0 ? pieces : [text(separator), ...pieces]));
    }
    case 'array':
      return [...readableType(type.elementType, paths), text('[]')];
    default:
      return [{ kind: 'type', type }];
  }
}

function piecesKey(pieces: Piece[]): string {
  return pieces
    .map((piece) =>
      piece.kind === 'type'
        ? piece.type.toString()
        : piece.kind === 'text'
          ? piece.text
          : piece.kind === 'word'
            ? piece.word
            : piece.name,
    )
    .join('');
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
}

/** The path type parameters of a signature. */
export function pathParameters(sig: SignatureReflection): PathParameters {
  return new Map((sig.typeParameters ?? []).filter(isPathParameter).map((param) => [param.name, pathHintOf(param)]));
}

/** The readable form of a signature, or `undefined` when it holds no helper (it renders as before). */
export function readableSignature(sig: SignatureReflection): Piece[][] | undefined {
  const paths = pathParameters(sig);
  const typed = [...(sig.parameters ?? []).map((param) => param.type), sig.type];
  if (paths.size === 0 && !typed.some((type) => needsRewrite(type, paths))) return undefined;
  const kept = (sig.typeParameters ?? []).filter((param) => !paths.has(param.name)).map((param) => param.name);
  const head: Piece[] = [{ kind: 'method', name: sig.name }, text(kept.length > 0 ? `<${kept.join(', ')}>(` : '(')];
  const parameters = (sig.parameters ?? []).map((param): Piece[] => [
    { kind: 'parameter', name: `${param.flags.isRest ? '...' : ''}${param.name}` },
    text(`${param.flags.isOptional || param.defaultValue ? '?' : ''}: `),
    ...(param.type ? readableType(param.type, paths) : [text('unknown')]),
  ]);
  const returns: Piece[] = sig.type ? [text('): '), ...readableType(sig.type, paths)] : [text(')')];
  return [head, ...parameters, returns];
}

/** The text of a readable signature, as a reader sees it on one line (for tests and length checks). */
export function readableText(lines: Piece[][]): string {
  const [head = [], ...rest] = lines;
  const returns = rest.pop() ?? [];
  return [piecesKey(head), rest.map(piecesKey).join(', '), piecesKey(returns)].join('');
}
