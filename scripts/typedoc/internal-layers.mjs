// A TypeDoc plugin (typedoc.json "plugin"): a documented class that extends an internal
// layer (a class of this project that no entry point exports, such as
// RestApiV2RequestClient: RestApiV2BaseClient split in two files to keep each readable) is
// documented as extending the layer's nearest documented ancestor. Without it the site
// named the layer as an unlinked parent, dropped ApiClient from the hierarchy, and every
// inherited member read "Inherited from RestApiV2RequestClient.x" without a link.
//
// Here the layer's own members read as the class's own ("Overrides ApiClient.x" when they
// replace an ancestor's member), and members the layer inherits link to their ancestor.
// It runs as the resolve step begins, before TypeDoc's inheritance pass, which then copies
// the ancestor's comments to members without their own as it does for any other class.
import { Converter, ReferenceType, ReflectionFlag, ReflectionKind } from 'typedoc';
import ts from 'typescript';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const reflection of context.project.getReflectionsByKind(ReflectionKind.Class)) {
      // The checker is only reachable through an active program, which the resolve step has none of.
      const file = classDeclarationOf(context.getSymbolFromReflection(reflection))?.getSourceFile();
      const program = file && context.programs.find((candidate) => candidate.getSourceFile(file.fileName) === file);
      if (!program) continue;
      context.setActiveProgram(program);
      try {
        flattenInternalLayers(context, /** @type {import('typedoc').DeclarationReflection} */ (reflection));
      } finally {
        context.setActiveProgram(undefined);
      }
    }
  });
}

/**
 * Rewrites a class's parent and its members' inheritance links when its parent is an
 * internal layer (or a chain of them); does nothing for any other class.
 *
 * @param {import('typedoc').Context} context
 * @param {import('typedoc').DeclarationReflection} reflection
 */
function flattenInternalLayers(context, reflection) {
  const parent = reflection.extendedTypes?.[0];
  if (reflection.extendedTypes?.length !== 1 || parent?.type !== 'reference' || parent.reflection) return;
  const layers = [];
  let declaration = classDeclarationOf(context.getSymbolFromReflection(reflection));
  let ancestor;
  while (declaration) {
    const heritage = extendsClause(declaration);
    const baseSymbol = heritage && symbolOfType(context.checker, heritage);
    const baseDeclaration = classDeclarationOf(baseSymbol);
    if (!heritage || !baseDeclaration) return;
    const documented = context.getReflectionFromSymbol(baseSymbol);
    if (documented) {
      ancestor = { heritage, documented };
      break;
    }
    // Only layers written in this project are flattened, never a library's base class.
    if (baseDeclaration.getSourceFile().isDeclarationFile) return;
    layers.push(baseDeclaration);
    declaration = baseDeclaration;
  }
  if (!ancestor || layers.length === 0) return;

  const layerNames = new Set(layers.map((layer) => layer.name?.text));
  const fromLayer = (link) => layerNames.has(link.name.split('.')[0].replace(/<.*$/, ''));
  // The nearest class of the chain that declares a constructor: a layer, or one above them.
  const constructorInLayer = layers.find((layer) => layer.members.some(ts.isConstructorDeclaration)) !== undefined;
  const inLayer = (member) =>
    member.kindOf(ReflectionKind.Constructor) ? constructorInLayer : layers.includes(memberDeclaration(context, member)?.parent);
  const documented = ancestor.documented;
  // `extends ApiClient`, converted as TypeDoc converts any heritage clause: it resolves to the documented class.
  reflection.extendedTypes = [context.converter.convertType(context, ancestor.heritage)];

  for (const member of reflection.children ?? []) {
    // The ancestor's page lists every member it has, its inherited ones included.
    const parentMember = documented.children?.find((child) => child.name === member.name);
    const pairs = [
      [member, parentMember],
      [member.getSignature, parentMember?.getSignature],
      [member.setSignature, parentMember?.setSignature],
      ...(member.signatures ?? []).map((signature, index) => [signature, parentMember?.signatures?.[index]]),
    ];
    for (const [holder, target] of pairs) {
      const link = holder?.inheritedFrom ?? holder?.overwrites;
      if (!link || !fromLayer(link)) continue;
      const inheritedFromAbove = holder.inheritedFrom !== undefined && !inLayer(member);
      delete holder.inheritedFrom;
      delete holder.overwrites;
      // The site's "Inherited" filter hides inherited members: the layer's own are the class's own.
      if (!inheritedFromAbove) holder.setFlag(ReflectionFlag.Inherited, false);
      // Without a member of that name above the layers, the member is the layer's own: it reads as the class's own.
      if (!target) continue;
      const key = inheritedFromAbove ? 'inheritedFrom' : 'overwrites';
      holder[key] = ReferenceType.createResolvedReference(`${documented.name}.${member.name}`, target, context.project);
    }
  }
}

/** The declaration of a member's symbol, if TypeDoc kept the symbol. */
function memberDeclaration(context, member) {
  return context.getSymbolFromReflection(member)?.getDeclarations()?.[0];
}

/** The class declaration of a symbol, if it is a class. */
function classDeclarationOf(symbol) {
  return symbol?.getDeclarations()?.find(ts.isClassDeclaration);
}

/** The type after `extends` in a class declaration. */
function extendsClause(declaration) {
  return declaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
}

/** The symbol a heritage type names, with aliases (imports) followed to the class. */
function symbolOfType(checker, heritage) {
  const symbol = checker.getSymbolAtLocation(heritage.expression);
  return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}
