// The type-level twin of the runtime's `canonicalPath`: a walk down the route tree collects every canonical
// path whose segments are equal or a placeholder (one non-empty segment); the most literal wins, a tie
// matches nothing (a `UrlError` at run time). A segment only known to be a string matches placeholders only.
import type { ApiTypes } from './api-types.js';

type WithoutQuery<S extends string> = S extends `${infer Path}?${string}` ? Path : S;
type WithoutFragment<S extends string> = S extends `${infer Path}#${string}` ? Path : S;
type TrimLeadingSlashes<S extends string> = S extends `/${infer Rest}` ? TrimLeadingSlashes<Rest> : S;
type TrimTrailingSlash<S extends string> = S extends `${infer Rest}/` ? Rest : S;

/** The path of an absolute URL after its host and the client's base path (never when elsewhere). */
type RelativePart<S extends string, Base extends string> = S extends `${string}://${infer Rest}`
  ? Rest extends `${string}/${infer Path}`
    ? Base extends ''
      ? Path
      : Path extends Base
        ? ''
        : Path extends `${Base}/${infer Below}`
          ? Below
          : never
    : ''
  : S;

type Split<S extends string> = S extends ''
  ? []
  : S extends `${infer Head}/${infer Rest}`
    ? [Head, ...Split<Rest>]
    : [S];

/**
 * The segments of a path or URL as the runtime matches them (query, fragment, leading and one trailing slash
 * dropped; an absolute URL read below `Base`, the base URL's path without its leading slash).
 */
export type PathSegments<U extends string, Base extends string = ''> = Split<
  TrimTrailingSlash<TrimLeadingSlashes<WithoutFragment<WithoutQuery<RelativePart<U, Base>>>>>
>;

/** Every canonical path of the route tree `Node` that the segments match. */
type Walk<Node, Segments extends readonly string[]> = Segments extends readonly [
  infer Head extends string,
  ...infer Rest extends string[],
]
  ?
      | (string extends Head ? never : Head extends keyof Node ? Walk<Node[Head], Rest> : never)
      | ('/*' extends keyof Node ? (Head extends '' | '.' | '..' ? never : Walk<Node['/*'], Rest>) : never)
  : Node extends { '/': infer Path }
    ? Path
    : never;

/** The members of `Matches` in the first tier that has any. */
type MostLiteral<Matches, Tiers extends readonly unknown[]> = Tiers extends readonly [infer Tier, ...infer Rest]
  ? [Extract<Matches, Tier>] extends [never]
    ? MostLiteral<Matches, Rest>
    : Extract<Matches, Tier>
  : never;

type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/** `T` when it is one type, never for a union (a tie) or never. */
type OnlyOne<T> = true extends IsUnion<T> ? never : T;

/** The one match, or the most literal of several (the tiers are only read when needed). */
type Choose<Matches, Tiers extends readonly unknown[]> =
  true extends IsUnion<Matches> ? OnlyOne<MostLiteral<Matches, Tiers>> : Matches;

/**
 * The canonical path of API `A` that a literal path or URL `P` belongs to; `never` when there is none, when
 * two match equally well, or when `P` is (or includes) a plain `string`.
 * @example
 * ```ts
 * type A = CanonicalPathOf<RestApiV2Types, '/users/PABC123'>; // '/users/{id}'
 * type B = CanonicalPathOf<RestApiV2Types, '/users/me'>;      // '/users/me'
 * ```
 */
export type CanonicalPathOf<A extends ApiTypes, P extends string> = [OpenString] extends [P]
  ? never
  : LiteralPathOf<A, P>;

/** Any string: what a path parameter is when no literal was given (its default), or a plain `string`. */
type OpenString = string & Record<never, never>;

type LiteralPathOf<A extends ApiTypes, P extends string> = P extends string
  ? Choose<Walk<A['routes'], PathSegments<P, A['basePath']>>, A['tiers']>
  : never;
