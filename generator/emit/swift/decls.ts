import type {
  Decl as KitDecl,
  FieldDecl,
  RecordDecl as KitRecord,
  TypeView,
  UnionDecl as KitUnion,
} from '../kit/decl-types.js';
import { distinct, type Names } from '../kit/naming.js';
import { wrap } from '../shared/text.js';
import { bare, stringLiteral } from './naming.js';

/**
 * The kit's declarations as Swift prints them (templates/swift/_decl.hbs and its partials): records become
 * structs with explicit coding, string literals string enums, unions enums with associated values, told apart by
 * a tag or tried in order. A field whose type is an inline union or set of strings gets a type nested in its
 * record, named after the field.
 */

/** Doc comment lines: the text wrapped at 100 columns; the templates add the `///`. */
export const docLines = (text: string): string[] => wrap(text, 100);

export interface PropertyView {
  name: string;
  /**
   * Where the value is kept: the name itself, or for a deprecated field an internal stored property the package
   * reads and writes (its own uses would warn, and the package builds with -warnings-as-errors), with `name` a
   * computed property marked `@available(*, deprecated, message:)`.
   */
  storage: string;
  /** `@available`'s message literal for a deprecated field, else null. */
  deprecated: string | null;
  /** The CodingKeys case it is coded under. */
  caseName: string;
  /** The CodingKeys case as declared: `name`, or `meta = "_meta"` where the key is not the name. */
  codingCase: string;
  type: string;
  optional: boolean;
  doc: string[];
}

export interface ConstantView {
  /** The static property holding the constant, e.g. `typeValue`. */
  name: string;
  caseName: string;
  /** The JSON key, for the doc comment. */
  key: string;
  value: string;
  required: boolean;
}

export interface RecordView {
  kind: 'record';
  name: string;
  doc: string[];
  properties: PropertyView[];
  constants: ConstantView[];
  codingCases: string[];
  /** The memberwise initializer's parameters, required ones first: `id: String`, `title: String? = nil`. */
  initParameters: { name: string; type: string; optional: boolean }[];
  /** Whether the parameters fit on the `init(` line. */
  initInline: boolean;
  nested: DeclView[];
  /** Properties that hold one of several shapes, each known by a key only it has: refused when holding two. */
  exclusive: { caseName: string; keys: string; members: string }[];
}

export interface StringEnumView {
  kind: 'stringEnum';
  name: string;
  doc: string[];
  cases: { name: string; value: string }[];
}

export interface UnionView {
  kind: 'union';
  name: string;
  doc: string[];
  /** Set when a constant property tells the members apart; otherwise each member is tried in order. */
  discriminator: { key: string; rawKey: string; caseName: string; codingCase: string } | null;
  cases: { name: string; type: string; tag: string | null; constant: string | null }[];
  /** For a tagged union: the case and struct that keep a block of a kind this version does not know, whole. */
  unknown: { name: string; type: string; doc: string[]; tagProperty: string } | null;
}

export type DeclView = RecordView | StringEnumView | UnionView;

/** The property every record declares for the fields its version does not define (kept, and encoded back). */
export const UNKNOWN_FIELDS = 'unknownFields';

/** The CodingKeys case for a key: bare where the Swift name is the key, else with the key as its raw value. */
const codingCase = (name: string, key: string) => (bare(name) === key ? name : `${name} = ${stringLiteral(key)}`);

/** The name of a tag's constant on each member record: `typeValue`. */
const constantName = (field: { name: string }) => `${bare(field.name)}Value`;

export class SwiftDecls {
  /** `readByPackage`: JSON keys the package's own code reads by name (the tree's fields and states): never storage-backed. */
  constructor(
    private readonly names: Names,
    private readonly readByPackage: ReadonlySet<string> = new Set(),
  ) {}

  /** A Swift type for a kit type; an inline union or string set becomes a type nested in `owner`, added to `nested`. */
  type(t: TypeView, owner: string, key: string, nested: DeclView[]): string {
    switch (t.kind) {
      case 'string':
        return 'String';
      case 'boolean':
        return 'Bool';
      case 'number':
        return 'Double';
      case 'integer':
        return 'Int';
      case 'json':
        return 'JSONValue';
      case 'jsonObject':
        return 'JSONObject';
      case 'array':
        return `[${this.type(t.items, owner, key, nested)}]`;
      case 'ref':
        return t.name;
      case 'literal': {
        const name = this.names.type(key);
        nested.push(this.stringEnum(name, '', t.values));
        return `${owner}.${name}`;
      }
      case 'union': {
        const name = this.names.type(key);
        const members = t.members.map((m) => this.type(m, owner, key, nested));
        const caseNames = distinct(members.map((m) => this.names.enumCase(m)));
        nested.push({
          kind: 'union',
          name,
          doc: [],
          discriminator: null,
          cases: members.map((type, i) => ({ name: caseNames[i] as string, type, tag: null, constant: null })),
          unknown: null,
        });
        return `${owner}.${name}`;
      }
    }
  }

  stringEnum(name: string, doc: string, values: string[]): StringEnumView {
    const caseNames = distinct(values.map((v) => this.names.enumCase(v)));
    return {
      kind: 'stringEnum',
      name,
      doc: docLines(doc),
      cases: values.map((v, i) => ({ name: caseNames[i] as string, value: stringLiteral(v) })),
    };
  }

  record(d: KitRecord): RecordView {
    const nested: DeclView[] = [];
    const tags = d.fields.filter((f): f is FieldDecl & { constant: string } => f.constant !== null);
    const constants = tags.map((f) => ({
      name: constantName(f),
      caseName: f.name,
      key: f.key,
      value: stringLiteral(f.constant),
      required: f.required,
    }));
    const properties = d.fields
      .filter((f) => f.constant === null)
      .map((f) => {
        const marked = f.deprecated !== undefined && !this.readByPackage.has(f.key);
        const doc = f.deprecated && !marked ? `${f.doc} ${f.deprecated.message}` : f.doc;
        return {
          name: f.name,
          // No spec name starts with an underscore, so `_name` takes none of theirs.
          storage: marked ? `_${f.name.replace(/`/g, '')}` : f.name,
          deprecated: marked && f.deprecated ? stringLiteral(f.deprecated.message) : null,
          caseName: f.name,
          codingCase: codingCase(f.name, f.key),
          type: this.type(f.type, d.name, f.key, nested),
          optional: !f.required,
          doc: docLines(doc),
        };
      });
    const ordered = [...properties.filter((p) => !p.optional), ...properties.filter((p) => p.optional)];
    const initParameters = ordered.map((p) => ({
      name: p.name,
      type: p.type,
      optional: p.optional,
      fallback: p.optional ? 'nil' : (null as string | null),
    }));
    initParameters.push({ name: UNKNOWN_FIELDS, type: 'JSONObject', optional: false, fallback: '[:]' });
    const inline = initParameters
      .map((p) => `${p.name}: ${p.type}${p.optional ? '?' : ''}${p.fallback ? ` = ${p.fallback}` : ''}`)
      .join(', ');
    return {
      kind: 'record',
      name: d.name,
      doc: docLines(d.doc),
      properties,
      constants,
      codingCases: [...tags.map((f) => codingCase(f.name, f.key)), ...properties.map((p) => p.codingCase)],
      initParameters,
      initInline: initParameters.length <= 3 && inline.length <= 80,
      nested,
      exclusive: d.exclusive.map((x) => ({
        caseName: x.name,
        keys: x.keys.map(stringLiteral).join(', '),
        members: x.members.join(', '),
      })),
    };
  }

  union(d: KitUnion): UnionView {
    // The unknown case comes last, so a member whose tag reads as `unknown` keeps that name and it is numbered.
    const caseNames = distinct([...d.members.map((m) => this.names.enumCase(m.tag)), 'unknown']);
    return {
      kind: 'union',
      name: d.name,
      doc: docLines(d.doc),
      discriminator: {
        key: stringLiteral(d.discriminator.key),
        rawKey: d.discriminator.key,
        caseName: d.discriminator.name,
        codingCase: codingCase(d.discriminator.name, d.discriminator.key),
      },
      cases: d.members.map((m, i) => ({
        name: caseNames[i] as string,
        type: m.type,
        tag: m.tag,
        constant: constantName(d.discriminator),
      })),
      unknown: {
        name: caseNames[d.members.length] as string,
        type: d.unknown.name,
        doc: docLines(d.unknown.doc),
        tagProperty: d.discriminator.name,
      },
    };
  }

  /** Any kit declaration but the role enum and the attributes, which have templates of their own. */
  decl(d: KitDecl): DeclView | null {
    if (d.kind === 'record') return this.record(d);
    if (d.kind === 'union') return this.union(d);
    if (d.kind === 'alias') return d.type.kind === 'literal' ? this.stringEnum(d.name, d.doc, d.type.values) : null;
    return null;
  }
}

/** Marks which kind a declaration is, for the templates (`{{#if isRecord}}`). */
export function tagged(decl: DeclView): DeclView & { isRecord: boolean; isStringEnum: boolean; isUnion: boolean } {
  const nested = decl.kind === 'record' ? { nested: decl.nested.map(tagged) } : {};
  return {
    ...decl,
    ...nested,
    isRecord: decl.kind === 'record',
    isStringEnum: decl.kind === 'stringEnum',
    isUnion: decl.kind === 'union',
  };
}
