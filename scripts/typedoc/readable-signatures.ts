// A TypeDoc plugin (typedoc.json "plugin" and "theme"): the main methods' signatures read as
// a user calls them. The typed form of `rget` is a wall of internal helper types
// (`rget<T = never, P extends ... = PathHint<A, "GET">>(target: ResourceObject | P, init?:
// RequestOptionsOf<EndpointOf<A, "GET", P>, ...>): EntityResult<T, A, "GET", P>`); what a
// caller needs is `rget<T>(target: path | ResourceObject, init?: options): Promise<entity>`.
//
// The readable form is worked out from the signature itself, never written by hand: the
// same parameters, in the same order, with the same optionality; only the helper types that
// compute a type from the literal path are named by what they give (a word such as `entity`,
// linked to the helper's page, the helper's meaning in its tooltip), and the path's type
// parameter becomes the word `path`. The typed form stays on the page, one click away
// ("Typed form"), so nothing is hidden. A signature without such helpers renders as before.

import {
  DefaultTheme,
  DefaultThemeRenderContext,
  JSX,
  type Application,
  type PageEvent,
  type Reflection,
} from 'typedoc';
import {
  needsRewrite,
  pathParameters,
  readableSignature,
  readableText,
  readableType,
  type Piece,
} from './readable-types.js';

/** A parameter's indent on its own line: no-break spaces, which the signature box does not collapse. */
const INDENT = '\u00a0'.repeat(4);

/** Lines longer than this put each parameter on a line of its own, as TypeDoc does. */
export const ONE_LINE_WIDTH = 64;

/** The theme's render context with readable signatures for the main methods. */
export class ReadableSignatureContext extends DefaultThemeRenderContext {
  constructor(...args: ConstructorParameters<typeof DefaultThemeRenderContext>) {
    super(...args);
    const typedTitle = this.memberSignatureTitle;
    this.memberSignatureTitle = (sig, options) => {
      const lines = options?.hideName ? undefined : readableSignature(sig);
      if (lines === undefined) return typedTitle(sig, options);
      return JSX.createElement(
        JSX.Fragment,
        null,
        JSX.createElement('span', { class: 'tsd-readable-signature' }, this.#render(lines)),
        JSX.createElement(
          'details',
          { class: 'tsd-typed-signature' },
          JSX.createElement('summary', null, 'Typed form'),
          typedTitle(sig, options),
        ),
      );
    };
    // The Parameters and Returns sections under the signature read the same way.
    const typedBody = this.memberSignatureBody;
    this.memberSignatureBody = (sig, options) => {
      if (readableSignature(sig) === undefined) return typedBody(sig, options);
      const paths = pathParameters(sig);
      const typedType = this.type;
      this.type = (type, typeOptions) =>
        type !== undefined && needsRewrite(type, paths)
          ? JSX.createElement(
              JSX.Fragment,
              null,
              readableType(type, paths).map((piece) => this.#piece(piece)),
            )
          : typedType(type, typeOptions);
      try {
        return typedBody(sig, options);
      } finally {
        this.type = typedType;
      }
    };
  }

  #render(lines: Piece[][]): JSX.Children {
    const [head = [], ...rest] = lines;
    const returns = rest.pop() ?? [];
    const split = readableText(lines).length > ONE_LINE_WIDTH && rest.length > 0;
    const parameters = rest.map((pieces, index) => [
      split ? [JSX.createElement('br', null), INDENT] : index > 0 ? ', ' : '',
      pieces.map((piece) => this.#piece(piece)),
      split ? ',' : '',
    ]);
    return [
      head.map((piece) => this.#piece(piece)),
      parameters,
      split ? JSX.createElement('br', null) : '',
      returns.map((piece) => this.#piece(piece)),
    ];
  }

  #piece(piece: Piece): JSX.Children {
    switch (piece.kind) {
      case 'text':
        return JSX.createElement('span', { class: 'tsd-signature-symbol' }, piece.text);
      case 'type':
        return this.type(piece.type);
      case 'method':
        return JSX.createElement('span', { class: 'tsd-kind-call-signature' }, piece.name);
      case 'parameter':
        return JSX.createElement('span', { class: 'tsd-kind-parameter' }, piece.name);
      case 'name': {
        const url = piece.target ? this.urlTo(piece.target) : undefined;
        if (url === undefined) return JSX.createElement('span', { class: 'tsd-signature-type' }, piece.name);
        return JSX.createElement('a', { class: 'tsd-signature-type', href: url }, piece.name);
      }
      case 'word': {
        const url = piece.target ? this.urlTo(piece.target) : undefined;
        const props = { class: 'tsd-signature-type tsd-readable-word', title: piece.means };
        if (url === undefined) return JSX.createElement('span', props, piece.word);
        return JSX.createElement('a', { ...props, href: url }, piece.word);
      }
    }
  }
}

/** The default theme with readable signatures (typedoc.json `"theme": "readable-signatures"`). */
export class ReadableSignatureTheme extends DefaultTheme {
  override getRenderContext(page: PageEvent<Reflection>): ReadableSignatureContext {
    return new ReadableSignatureContext(this.router, this, page, this.application.options);
  }
}

/** The TypeDoc plugin entry point. */
export function load(app: Application): void {
  app.renderer.defineTheme('readable-signatures', ReadableSignatureTheme);
}
