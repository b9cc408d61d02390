/**
 * The internal-layers TypeDoc plugin, run by the TypeDoc command on a small project: a
 * documented class over an unexported layer is documented as extending the layer's
 * documented ancestor, with the layer's members as its own.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = process.cwd();

const FILES: Record<string, string> = {
  'engine.ts': `
/** The documented ancestor. */
export class Engine {
  /** @param name - a name */
  constructor(readonly name: string) {}
  /** Closes. */
  close(): void {}
  /** What it allows. */
  get permitted(): string[] { return []; }
}
`,
  'layer.ts': `
import { Engine } from './engine.js';
/** No entry point exports it. */
export class Layer extends Engine {
  /** @param extra - more */
  constructor(name: string, readonly extra: number) { super(name); }
  /** The layer's own. */
  fetchOne(): string { return 'one'; }
  override get permitted(): string[] { return ['GET']; }
}
`,
  'leaf.ts': `
import { Layer } from './layer.js';
/** The documented class over the layer. */
export class Leaf extends Layer {
  /** The leaf's own. */
  iterate(): void {}
}
`,
  'index.ts': `
/** @module */
export { Engine } from './engine.js';
export { Leaf } from './leaf.js';
`,
};

interface Ref {
  name: string;
  target?: number;
}
interface Node {
  id: number;
  name: string;
  flags: { isInherited?: boolean };
  children?: Node[];
  extendedTypes?: Ref[];
  inheritedFrom?: Ref;
  overwrites?: Ref;
  signatures?: Node[];
  getSignature?: Node;
}

let work = '';
let leaf: Node;
let byId: Map<number, Node>;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'internal-layers-'));
  for (const [file, text] of Object.entries(FILES)) writeFileSync(path.join(work, file), text);
  const compilerOptions = { strict: true, target: 'ES2022', module: 'ES2022', moduleResolution: 'bundler', skipLibCheck: true, types: [] };
  writeFileSync(path.join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: Object.keys(FILES) }));
  const options = { entryPoints: ['index.ts'], plugin: [path.join(root, 'scripts/typedoc/internal-layers.mjs')], json: 'model.json', logLevel: 'Error' };
  writeFileSync(path.join(work, 'typedoc.json'), JSON.stringify(options));
  execFileSync(process.execPath, [path.join(root, 'node_modules/typedoc/bin/typedoc')], { cwd: work, env: { ...process.env, NODE_OPTIONS: '' } });
  const model = JSON.parse(readFileSync(path.join(work, 'model.json'), 'utf8')) as Node;
  byId = new Map();
  const index = (node: Node): void => {
    byId.set(node.id, node);
    [...(node.children ?? []), ...(node.signatures ?? [])].forEach(index);
  };
  index(model);
  leaf = (model.children ?? []).find((child) => child.name === 'Leaf') as Node;
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const member = (name: string): Node => (leaf.children ?? []).find((child) => child.name === name) as Node;
const parentName = (ref: Ref | undefined): string | undefined => {
  const target = ref?.target === undefined ? undefined : byId.get(ref.target);
  return target === undefined ? undefined : [...byId.values()].find((node) => node.children?.includes(target))?.name;
};

describe('a class over an internal layer', () => {
  it('extends the documented ancestor, not the layer', () => {
    expect(leaf.extendedTypes?.map((type) => type.name)).toEqual(['Engine']);
    expect(leaf.extendedTypes?.[0]?.target).toBeDefined();
  });

  it("shows the layer's own members as its own", () => {
    const fetchOne = member('fetchOne');
    expect(fetchOne.inheritedFrom).toBeUndefined();
    expect(fetchOne.flags.isInherited).toBeFalsy();
    expect(fetchOne.signatures?.[0]?.inheritedFrom).toBeUndefined();
  });

  it("links members declared above the layer to the ancestor's", () => {
    const close = member('close');
    expect(close.inheritedFrom?.name).toBe('Engine.close');
    expect(parentName(close.inheritedFrom)).toBe('Engine');
    expect(close.flags.isInherited).toBe(true);
  });

  it("shows a member the layer replaces as overriding the ancestor's, the constructor included", () => {
    expect(member('permitted').overwrites?.name).toBe('Engine.permitted');
    expect(member('permitted').inheritedFrom).toBeUndefined();
    expect(member('constructor').overwrites?.name).toBe('Engine.constructor');
  });

  it('leaves its own members alone', () => {
    expect(member('iterate').inheritedFrom).toBeUndefined();
    expect(member('iterate').overwrites).toBeUndefined();
  });
});
