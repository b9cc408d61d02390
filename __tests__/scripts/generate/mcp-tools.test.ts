/** The MCP tool extract's reader of Python source and its pydantic-style schemas, on small made-up sources. */
import { describe, expect, it } from '@jest/globals';
import { readModule, toolLists } from '../../../scripts/generate/mcp-python-source.js';
import { SchemaBuilder } from '../../../scripts/generate/mcp-tool-schemas.js';

const MODELS = `
from typing import Literal
from pydantic import BaseModel, ConfigDict, Field

LIMIT = 100
Status = Literal["triggered", "resolved"]

class Ref(BaseModel):
    id: str = Field(description="The ID")
    summary: str | None = Field(
        default=None,
        description="Long text, "
        "over two lines",
    )

class UserRef(Ref):
    _type: ClassVar[str] = "user_reference"

class Query(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: list[Status] | None = Field(default=None, description="filter")
    limit: int | None = Field(ge=1, le=LIMIT, default=20)
    owner: UserRef
`;

const TOOLS = `
def list_things(
    query: str | None = None,
    limit: int | None = 100,
) -> ListResponseModel[Ref]:
    """List things, filtered.

    Args:
        query: by name
    """
    return None


def get_thing(thing_id: str, query_model: Query | None = None) -> Ref:
    """Get one thing."""
`;

describe('readModule', () => {
  it('reads functions: parameters, defaults, return annotation, first docstring line', () => {
    const { functions } = readModule(TOOLS);
    expect(functions).toEqual([
      {
        name: 'list_things',
        parameters: [
          { name: 'query', type: 'str | None', default: null },
          { name: 'limit', type: 'int | None', default: 100 },
        ],
        returns: 'ListResponseModel[Ref]',
        description: 'List things, filtered.',
      },
      {
        name: 'get_thing',
        parameters: [
          { name: 'thing_id', type: 'str' },
          { name: 'query_model', type: 'Query | None', default: null },
        ],
        returns: 'Ref',
        description: 'Get one thing.',
      },
    ]);
  });

  it('reads models: fields over several lines, bounds from constants, extra, no ClassVar', () => {
    const { classes, aliases, constants } = readModule(MODELS);
    expect(constants).toEqual({ LIMIT: 100 });
    expect(aliases).toEqual({ Status: 'Literal["triggered", "resolved"]' });
    expect(classes.Ref.fields.map((field) => [field.name, field.required, field.default])).toEqual([
      ['id', true, undefined],
      ['summary', false, null],
    ]);
    expect(classes.UserRef).toMatchObject({ bases: ['Ref'], fields: [] });
    expect(classes.Query.extra).toBe('forbid');
    expect(classes.Query.fields[1]).toEqual({
      name: 'limit',
      type: 'int | None',
      required: false,
      default: 20,
      bounds: { minimum: 1, maximum: 100 },
    });
  });

  it('reads the read and write lists of the tools package', () => {
    expect(
      toolLists('read_tools = [\n    # Things\n    list_things,\n]\nwrite_tools = [\n    make_thing,\n]\n'),
    ).toEqual({
      read: ['list_things'],
      write: ['make_thing'],
    });
  });
});

describe('SchemaBuilder', () => {
  const world = readModule(MODELS);
  const builder = new SchemaBuilder({ classes: world.classes, aliases: world.aliases, constants: world.constants });

  it('writes a tool’s input schema as pydantic does: nullable anyOf, defaults, $ref to models, forbid', () => {
    const defs: Record<string, unknown> = {};
    const [, get] = readModule(TOOLS).functions;
    expect(builder.tool(get.parameters, defs)).toEqual({
      type: 'object',
      properties: {
        thing_id: { type: 'string' },
        query_model: { anyOf: [{ $ref: '#/$defs/Query' }, { type: 'null' }], default: null },
      },
      required: ['thing_id'],
    });
    expect(defs.Query).toEqual({
      type: 'object',
      properties: {
        status: {
          anyOf: [{ type: 'array', items: { enum: ['triggered', 'resolved'], type: 'string' } }, { type: 'null' }],
          default: null,
        },
        limit: { anyOf: [{ type: 'integer' }, { type: 'null' }], minimum: 1, maximum: 100, default: 20 },
        owner: { $ref: '#/$defs/UserRef' },
      },
      required: ['owner'],
      additionalProperties: false,
    });
    // Inherited fields come first, as pydantic orders them.
    expect(defs.UserRef).toMatchObject({ properties: { id: { type: 'string' } }, required: ['id'] });
  });

  it('writes a list result as ListResponseModel: response and response_summary', () => {
    const defs: Record<string, unknown> = {};
    expect(builder.result('ListResponseModel[Ref]', defs)).toEqual({
      type: 'object',
      properties: { response: { type: 'array', items: { $ref: '#/$defs/Ref' } }, response_summary: { type: 'string' } },
      required: ['response', 'response_summary'],
    });
  });

  it('refuses a type it does not know, rather than guessing', () => {
    expect(() => builder.type('Mystery', {})).toThrow('unknown type Mystery');
  });
});
