import type { CanonicalModel, Operation, Source, TypeRef } from '../../model/types.js';
import { plainText, sentence } from '../shared/text.js';
import type { DeclKind, TypeView } from './decl-types.js';
import { inCase, type Names, words } from './naming.js';

/**
 * The operations (the `Operation | Takes | Returns | Meaning` table) as every binding declares them, and as MCP
 * tools: what an operation takes is the tool's arguments, what it returns the tool's structured result. Both are
 * JSON objects in MCP, so each side is one of:
 *
 * - a record: the object itself (its fields are the arguments, or the result);
 * - any other type (a string, a list, the roles type, an external type): an object with one required property
 *   named for the type, its words in lower camel case with the word List after it for each list (`string` is
 *   `string`, `Element[]` is `elementList`), holding the value;
 * - `—`: no value; a tool with no arguments takes an empty object, and one that returns nothing has no output
 *   schema.
 *
 * spec/README.md ("Operations in the SDKs") says the same for maintainers.
 */

/** One side of an operation, as the wire carries it. */
export type OperationSide =
  /** A record: the object is the record. */
  | { form: 'record'; notation: string; type: TypeRef & { kind: 'named' } }
  /** Any other type, held by the one property `key`. */
  | { form: 'wrapped'; notation: string; type: TypeRef; key: string };

export interface OperationShape {
  name: string;
  /** Plain text, one sentence. */
  meaning: string;
  since: string;
  source: Source;
  takes: OperationSide | null;
  returns: OperationSide | null;
}

/** A Takes or Returns cell's notation (`string`, `Element[]`) as a type. */
export function typeOfNotation(notation: string): TypeRef {
  const trimmed = notation.trim();
  if (trimmed.endsWith('[]')) return { kind: 'array', items: typeOfNotation(trimmed.slice(0, -2)) };
  if (trimmed === 'string' || trimmed === 'boolean' || trimmed === 'number')
    return { kind: 'primitive', name: trimmed };
  return { kind: 'named', name: trimmed };
}

/** The property that holds a value of a type that is no record: `string`, `elementList`. */
export function parameterKey(type: TypeRef): string {
  if (type.kind === 'array') return `${parameterKey(type.items)}List`;
  return inCase(type.name, 'lowerCamel');
}

function side(model: CanonicalModel, notation: string | null): OperationSide | null {
  if (notation === null) return null;
  const type = typeOfNotation(notation);
  if (type.kind === 'named' && model.types.some((t) => t.name === type.name && t.kind === 'record'))
    return { form: 'record', notation, type };
  return { form: 'wrapped', notation, type, key: parameterKey(type) };
}

const shapeOf = (model: CanonicalModel, o: Operation): OperationShape => ({
  name: o.name,
  meaning: sentence(plainText(o.meaning).replace(/\s+/g, ' ')),
  since: o.since,
  source: o.source,
  takes: side(model, o.takes),
  returns: side(model, o.returns),
});

/** Every operation of the model, in the spec's order, with the form each side takes on the wire. */
export const operationShapes = (model: CanonicalModel): OperationShape[] =>
  model.operations.map((o) => shapeOf(model, o));

/** One side of an operation as a binding declares it: an alias of a record, or a type of its own with one field. */
export type SideDecl =
  | { form: 'alias'; name: string; target: TypeView; notation: string }
  | { form: 'wrapper'; name: string; field: { key: string; name: string; type: TypeView }; notation: string };

export interface OperationDecl {
  /** The operation's name in the model (the tool's name). */
  key: string;
  /** Its method name in the language. */
  method: string;
  doc: string;
  since: string;
  source: Source;
  request: SideDecl | null;
  response: SideDecl | null;
}

/**
 * The operations for one code target, with its names (a request or response type is named for the operation). A
 * declaration whose name a model type (or one of `own`, the binding's own types) already has is left out, and
 * `clashes` says which.
 */
/** A declaration a binding cannot make: its name is a model type's. */
export interface Clash {
  source: Source;
  message: string;
}

export function operationDecls(
  model: CanonicalModel,
  names: Names,
  own: readonly string[] = [],
): { operations: OperationDecl[]; clashes: Clash[] } {
  const kinds = new Map(model.types.map((t) => [t.name, t.kind]));
  const viewOf = (ref: TypeRef): TypeView => {
    if (ref.kind === 'array') return { kind: 'array', items: viewOf(ref.items) };
    if (ref.kind === 'primitive') return { kind: ref.name };
    const kind = kinds.get(ref.name);
    const declares: DeclKind =
      kind === 'external' ? 'union' : kind === 'roles' || kind === 'enum' || kind === 'attributes' ? kind : 'record';
    return { kind: 'ref', name: names.type(ref.name), declares };
  };
  const taken = new Map(model.types.map((t) => [names.type(t.name), t.source]));
  // The binding's own types (`Operations`, `ToolDefinition`) must not meet a type of the model either.
  const clashes: Clash[] = own.flatMap((n) => {
    const source = taken.get(n);
    return source
      ? [
          {
            source,
            message: `The binding declares ${n} for the operations, and a type of the model has that name; rename the type`,
          },
        ]
      : [];
  });
  const declOf = (o: Operation, part: 'request' | 'response', s: OperationSide | null): SideDecl | null => {
    if (s === null) return null;
    const name = names.type(`${words(o.name).join(' ')} ${part}`);
    if (taken.has(name) || own.includes(name)) {
      clashes.push({
        source: o.source,
        message: `Operation ${o.name}: its ${part} type would be named ${name}, which another type has; it is left out (rename the operation or the type)`,
      });
      return null;
    }
    return s.form === 'record'
      ? { form: 'alias', name, target: viewOf(s.type), notation: s.notation }
      : {
          form: 'wrapper',
          name,
          field: { key: s.key, name: names.member(s.key), type: viewOf(s.type) },
          notation: s.notation,
        };
  };
  const operations = model.operations.map((op) => {
    const o = shapeOf(model, op);
    return {
      key: o.name,
      method: names.member(o.name),
      doc: o.meaning,
      since: o.since,
      source: o.source,
      request: declOf(op, 'request', o.takes),
      response: declOf(op, 'response', o.returns),
    };
  });
  return { operations, clashes };
}

/** A side's doc line: what the operation takes or returns, and in which form. */
export function sideDoc(operation: string, part: 'request' | 'response', decl: SideDecl): string {
  const verb = part === 'request' ? 'takes' : 'returns';
  return decl.form === 'alias'
    ? `What ${operation} ${verb}: the ${decl.notation} itself.`
    : `What ${operation} ${verb}: one ${decl.notation}, as the ${decl.field.key} property of a JSON object.`;
}
