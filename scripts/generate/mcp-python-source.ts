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
/**
 * Reads the facts the MCP tool extract needs out of PagerDuty's MCP server's Python source, without running it:
 * the tool functions' signatures and first docstring lines, the pydantic models' fields (names, types, defaults,
 * bounds, `extra` setting) and the module-level type aliases and integer constants. A small reader for the
 * subset of Python that server's `tools/` and `models/` use, not a Python parser.
 *
 * @module
 */

/** Python source split into logical lines (brackets joined), each with its indent. */
export function logicalLines(source: string): { indent: number; text: string }[] {
  const lines: { indent: number; text: string }[] = [];
  let current = '';
  let depth = 0;
  let indent = 0;
  let quote: string | null = null;
  for (const raw of source.split('\n')) {
    if (current === '' && quote === null) indent = raw.length - raw.trimStart().length;
    let i = 0;
    let kept = '';
    while (i < raw.length) {
      const c = raw[i];
      if (quote) {
        if (raw.startsWith(quote, i)) {
          kept += quote;
          i += quote.length;
          quote = null;
          continue;
        }
        if (c === '\\') {
          kept += raw.slice(i, i + 2);
          i += 2;
          continue;
        }
        kept += c;
        i += 1;
        continue;
      }
      if (c === '#') break;
      const opening = raw.startsWith('"""', i) || raw.startsWith("'''", i) ? raw.slice(i, i + 3) : null;
      if (opening || c === '"' || c === "'") {
        quote = opening ?? c;
        kept += quote;
        i += quote.length;
        continue;
      }
      if ('([{'.includes(c)) depth += 1;
      else if (')]}'.includes(c)) depth -= 1;
      kept += c;
      i += 1;
    }
    // A one-character quote never spans lines.
    if (quote && quote.length === 1) quote = null;
    current += (current ? (quote ? '\n' : ' ') : '') + kept.trim();
    if (depth <= 0 && quote === null) {
      if (current.trim() !== '') lines.push({ indent, text: current.trim() });
      current = '';
      depth = 0;
    }
  }
  return lines;
}

/** Splits `text` at top-level occurrences of `separator` (outside brackets and strings). */
export function splitTop(text: string, separator = ',') {
  const parts = [];
  let depth = 0;
  let quote = null;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) depth -= 1;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i).trim());
      start = i + separator.length;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((part) => part !== '');
}

/** The text inside the brackets that open at `open` (the index of the opening bracket). */
export function bracketed(text: string, open: number) {
  let depth = 0;
  let quote = null;
  for (let i = open; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) {
      depth -= 1;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  throw new Error(`unbalanced brackets in ${text.slice(open, open + 80)}`);
}

/** A Python literal as JSON, or `undefined` when it is not one this reader knows. */
export function pythonLiteral(text: string, constants: Record<string, unknown> = {}): unknown {
  const value = text.trim();
  if (value === 'None') return null;
  if (value === 'True') return true;
  if (value === 'False') return false;
  if (/^-?\d+$/.test(value)) return Number(value);
  if (/^-?\d+\.\d+$/.test(value)) return Number(value);
  const string = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')$/.exec(value);
  if (string) return string[1] ?? string[2];
  if (value === '[]' || value === 'list') return [];
  if (value === '{}' || value === 'dict') return {};
  if (value in constants) return constants[value];
  return undefined;
}

/** A function's parameters: `[{ name, type, default? }]` (no `*`, `self`, or MCP `Context`). */
export function parameters(signature: string, constants: Record<string, number>): PythonParameter[] {
  return splitTop(signature)
    .filter((part) => part !== '*' && part !== 'self' && !part.startsWith('**'))
    .map((part) => {
      const [head, ...rest] = splitTop(part, '=');
      const [name, type] = splitTop(head, ':');
      const parameter: PythonParameter = { name: name.trim(), type: type?.trim() ?? 'Any' };
      if (rest.length > 0) parameter.default = pythonLiteral(rest.join('='), constants);
      return parameter;
    })
    .filter((parameter) => !/\bContext\b/.test(parameter.type));
}

/** The arguments of a `Field(...)` call: `{ default?, required, bounds }`. */
function fieldCall(args: string, constants: Record<string, number>): Omit<PythonField, 'name' | 'type'> {
  const parts = splitTop(args);
  const named = Object.fromEntries(
    parts
      .filter((part) => /^\w+\s*=/.test(part))
      .map((part) => {
        const at = part.indexOf('=');
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
      }),
  );
  const positional = parts.filter((part) => !/^\w+\s*=/.test(part));
  const field: Omit<PythonField, 'name' | 'type'> = { required: true, bounds: {} };
  if ('default' in named) {
    field.required = false;
    field.default = pythonLiteral(named.default, constants);
  } else if ('default_factory' in named) {
    field.required = false;
    field.default = pythonLiteral(named.default_factory, constants);
  } else if (positional.length > 0 && positional[0] !== '...') {
    field.required = false;
    field.default = pythonLiteral(positional[0], constants);
  }
  for (const [python, json] of [
    ['ge', 'minimum'],
    ['le', 'maximum'],
    ['gt', 'exclusiveMinimum'],
    ['lt', 'exclusiveMaximum'],
    ['min_length', 'minLength'],
    ['max_length', 'maxLength'],
  ])
    if (python in named) field.bounds[json] = pythonLiteral(named[python], constants) as number;
  return field;
}

/**
 * Everything one module declares: `{ functions, classes, aliases, constants }`.
 * `constants` are read from earlier modules too (for `le=MAX_RESULTS`).
 */
export function readModule(source: string, constants: Record<string, number> = {}): PythonModule {
  const lines = logicalLines(source);
  const functions: PythonFunction[] = [];
  const classes: Record<string, PythonClass> = {};
  const aliases: Record<string, string> = {};
  const known: Record<string, number> = { ...constants };
  for (let i = 0; i < lines.length; i += 1) {
    const { indent, text } = lines[i];
    const cls = /^class\s+(\w+)(?:\[[^\]]*\])?\s*(?:\((.*)\))?\s*:/.exec(text);
    if (indent !== 0 && !cls) continue;
    const def = /^(?:async\s+)?def\s+(\w+)\s*\(/.exec(text);
    if (def) {
      const open = text.indexOf('(');
      const signature = bracketed(text, open);
      const after = text.slice(open + signature.length + 2);
      const returns = /->\s*(.+):\s*$/.exec(after)?.[1]?.trim() ?? 'Any';
      const doc = lines[i + 1]?.indent > 0 ? /^(?:"""|''')\s*([^\n]*)/.exec(lines[i + 1].text) : null;
      functions.push({
        name: def[1],
        parameters: parameters(signature, known),
        returns,
        description: doc?.[1]?.replace(/("""|''')$/, '').trim() ?? '',
      });
      continue;
    }
    if (cls) {
      const model: PythonClass = { name: cls[1], bases: cls[2] ? splitTop(cls[2]) : [], fields: [], extra: undefined };
      for (let j = i + 1; j < lines.length && lines[j].indent > indent; j += 1) {
        const body = lines[j];
        if (body.indent !== lines[i + 1].indent) continue;
        const config = /^model_config\s*=\s*ConfigDict\((.*)\)$/.exec(body.text);
        if (config) {
          model.extra = /extra\s*=\s*["'](\w+)["']/.exec(config[1])?.[1];
          continue;
        }
        const field = /^([A-Za-z]\w*)\s*:\s*(.+)$/.exec(body.text);
        if (!field || /^(?:def|class|return|if|for|raise)\b/.test(body.text)) continue;
        const [type, ...value] = splitTop(field[2], '=');
        if (/^ClassVar\b/.test(type)) continue;
        const entry: PythonField = { name: field[1], type: type.trim(), required: true, bounds: {} };
        const rhs = value.join('=').trim();
        if (rhs.startsWith('Field(')) Object.assign(entry, fieldCall(bracketed(rhs, 5), known));
        else if (rhs !== '') Object.assign(entry, { required: false, default: pythonLiteral(rhs, known) });
        model.fields.push(entry);
      }
      classes[model.name] = model;
      continue;
    }
    const assign = /^([A-Z]\w*)\s*=\s*(.+)$/.exec(text);
    if (assign) {
      const literal = pythonLiteral(assign[2], known);
      if (typeof literal === 'number') known[assign[1]] = literal;
      else if (/^(?:Literal|Annotated|Optional|list|dict)\[|\|/.test(assign[2])) aliases[assign[1]] = assign[2].trim();
    }
  }
  return { functions, classes, aliases, constants: known };
}

/** The names listed in `read_tools = [...]` and `write_tools = [...]` of the tools package. */
export function toolLists(source: string): { read: string[]; write: string[] } {
  const list = (name: string) => {
    const at = source.indexOf(`${name} = [`);
    if (at < 0) throw new Error(`no ${name} list in the tools package`);
    return bracketed(source, source.indexOf('[', at))
      .split('\n')
      .map((line: string) => line.replace(/#.*/, '').trim().replace(/,$/, ''))
      .filter((line: string) => /^\w+$/.test(line));
  };
  return { read: list('read_tools'), write: list('write_tools') };
}
