import { docLines, escape, lowerCamel, Namer, stringLiteral, upperCamel } from './naming.js';

/**
 * The Swift declarations the templates render, already named and typed: records (structs with explicit coding),
 * string enums, and unions (enums with associated values, tagged by a discriminator or tried in order).
 */

export interface PropertyView {
  /** The Swift identifier, escaped where it is a keyword. */
  name: string;
  /** The JSON key, as a Swift string literal. */
  key: string;
  /** The CodingKeys case: `name`, or `meta = "_meta"` where the key is not an identifier. */
  codingCase: string;
  /** The CodingKeys case's name, for `forKey: .name`. */
  caseName: string;
  /** The Swift type without the optional mark. */
  type: string;
  optional: boolean;
  doc: string[];
}

export interface ConstantView {
  /** The static property holding the constant, e.g. `typeValue`. */
  name: string;
  /** The CodingKeys case it is read from. */
  caseName: string;
  value: string;
  required: boolean;
}

export interface RecordDecl {
  kind: 'record';
  name: string;
  doc: string[];
  properties: PropertyView[];
  constants: ConstantView[];
  codingCases: string[];
  /** The memberwise initializer's parameters, e.g. `id: String`, `title: String? = nil`. */
  initParameters: string[];
  /** The parameters on one line when there are few, else null (one parameter a line). */
  initInline: string | null;
  nested: Decl[];
}

export interface StringEnumDecl {
  kind: 'stringEnum';
  name: string;
  doc: string[];
  cases: { name: string; value: string }[];
}

export interface UnionDecl {
  kind: 'union';
  name: string;
  doc: string[];
  /** Set when the members are told apart by a constant property; otherwise each member is tried in order. */
  discriminator: { key: string; caseName: string; codingCase: string } | null;
  cases: { name: string; type: string; constant: string | null; doc: string[] }[];
}

export type Decl = RecordDecl | StringEnumDecl | UnionDecl;

/** Marks which kind a declaration is, for the templates (`{{#if isRecord}}`). */
export function tagged(decl: Decl): Decl & { isRecord: boolean; isStringEnum: boolean; isUnion: boolean } {
  const nested = decl.kind === 'record' ? { nested: decl.nested.map(tagged) } : {};
  return { ...decl, ...nested, isRecord: decl.kind === 'record', isStringEnum: decl.kind === 'stringEnum', isUnion: decl.kind === 'union' };
}

export interface PropertyInput {
  key: string;
  type: string;
  required: boolean;
  meaning: string | null;
}

export interface ConstantInput {
  key: string;
  value: string;
  required: boolean;
}

/** A record from its JSON properties; names are made legal and unique, required properties come first in `init`. */
export function record(name: string, meaning: string | null, properties: PropertyInput[], constants: ConstantInput[], nested: Decl[] = []): RecordDecl {
  const namer = new Namer();
  const caseNamer = new Namer();
  const codingCases: string[] = [];
  const caseFor = (key: string): string => {
    const bare = caseNamer.name(lowerCamel(key));
    codingCases.push(bare === key ? escape(bare) : `${escape(bare)} = ${stringLiteral(key)}`);
    return escape(bare);
  };
  const constantViews: ConstantView[] = constants.map((c) => ({
    name: namer.name(`${lowerCamel(c.key)}Value`),
    caseName: caseFor(c.key),
    value: stringLiteral(c.value),
    required: c.required,
  }));
  const views: PropertyView[] = properties.map((p) => {
    const caseName = caseFor(p.key);
    return {
      name: escape(namer.name(lowerCamel(p.key))),
      key: stringLiteral(p.key),
      codingCase: codingCases[codingCases.length - 1] as string,
      type: p.type,
      optional: !p.required,
      doc: docLines(p.meaning),
      caseName,
    };
  });
  const ordered = [...views.filter((p) => !p.optional), ...views.filter((p) => p.optional)];
  const parameters = ordered.map((p) => (p.optional ? `${p.name}: ${p.type}? = nil` : `${p.name}: ${p.type}`));
  return {
    kind: 'record',
    name: upperCamel(name) === name ? name : upperCamel(name),
    doc: docLines(meaning),
    properties: views,
    constants: constantViews,
    codingCases,
    initParameters: parameters,
    initInline: parameters.length <= 3 && parameters.join(', ').length <= 80 ? parameters.join(', ') : null,
    nested,
  };
}
