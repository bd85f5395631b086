import type {
  InterfaceDeclarationStructure,
  JSDocStructure,
  OptionalKind,
  StatementStructures,
  TypeAliasDeclarationStructure,
  VariableStatementStructure,
} from 'ts-morph';
import { StructureKind, printStructure } from './ts-morph.js';

/** A value as a TypeScript literal: like JSON, with keys unquoted where they are identifiers. */
export function literal(value: unknown, indent?: number, depth = 0): string {
  const pad = (n: number) => (indent ? ' '.repeat(indent * n) : '');
  const nl = indent ? '\n' : ' ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${nl}${value.map((v) => `${pad(depth + 1)}${literal(v, indent, depth + 1)}`).join(`,${nl}`)}${nl}${pad(depth)}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
    return `{${nl}${entries.map(([k, v]) => `${pad(depth + 1)}${key(k)}: ${literal(v, indent, depth + 1)}`).join(`,${nl}`)}${nl}${pad(depth)}}`;
  }
  return JSON.stringify(value);
}

/** Doc comments as ts-morph prints them: one line, or a block with a star on each line. */
function jsDoc(docs: TypeAliasDeclarationStructure['docs']): string {
  const lines = (docs ?? []).flatMap((d) => (typeof d === 'string' ? d : String(d.description ?? '')).split('\n'));
  if (lines.length === 0) return '';
  if (lines.length === 1) return `/** ${lines[0]} */\n`;
  return `/**\n${lines.map((l) => (l ? ` * ${l}` : ' *')).join('\n')}\n */\n`;
}

/** The three files one model file makes: the source, its JavaScript and its declarations. */
export interface ModelFiles {
  ts: string;
  js: string;
  dts: string;
}

/**
 * Gathers the statements of src/model.ts and, beside each, what TypeScript's emit makes of it in dist/model.js
 * (values without their types) and dist/model.d.ts (types, and exported values declared with their types).
 * Printing all three from the structures costs nothing next to running TypeScript's transpiler on the printed
 * source; the tests hold the result to what the transpiler makes.
 */
export class ModelStatements {
  readonly ts: (string | StatementStructures)[];
  readonly js: (string | StatementStructures)[];
  readonly dts: (string | StatementStructures)[];

  constructor(header: string) {
    this.ts = [header];
    this.js = [header];
    this.dts = [header];
  }

  type(statement: TypeAliasDeclarationStructure | InterfaceDeclarationStructure): void {
    // ts-morph indents every line after the first of a type alias's text once more; a type written over several
    // lines (an object type) goes out as text, so its lines keep the indentation they were written with.
    const text =
      statement.kind === StructureKind.TypeAlias && typeof statement.type === 'string' && statement.type.includes('\n')
        ? `${jsDoc(statement.docs)}export type ${statement.name} =${statement.type.startsWith('\n') ? '' : ' '}${statement.type};`
        : statement;
    this.ts.push(text);
    this.dts.push(text);
  }

  /** A const statement; `declared` is its type in the declarations where the source leaves it to inference. */
  value(statement: VariableStatementStructure, declared?: string): void {
    this.ts.push(statement);
    const initializer = (d: { initializer?: unknown }) => String(d.initializer);
    this.js.push({
      ...statement,
      declarations: statement.declarations.map((d) => ({
        name: d.name,
        initializer: initializer(d).replace(/ as const$/, ''),
      })),
    });
    this.dts.push({
      ...statement,
      hasDeclareKeyword: true,
      declarations: statement.declarations.map((d) => {
        const type = d.type ?? declared;
        return type ? { name: d.name, type } : { name: d.name, initializer: initializer(d) };
      }),
    });
  }

  /** A constant written as text: a multi-line literal keeps its own indentation this way. */
  constant(name: string, type: string, initializer: string, doc: string, exported = true): void {
    const keyword = exported ? 'export ' : '';
    this.ts.push(`/** ${doc} */\n${keyword}const ${name}: ${type} = ${initializer};`);
    this.js.push(`/** ${doc} */\n${keyword}const ${name} = ${initializer};`);
    // Declarations leave out what is not exported: nothing exported names it in its type.
    if (exported) this.dts.push(`/** ${doc} */\nexport declare const ${name}: ${type};`);
  }

  print(): ModelFiles {
    const print = (statements: (string | StatementStructures)[]) =>
      printStructure({ kind: StructureKind.SourceFile, statements }, { indentNumberOfSpaces: 2 });
    return { ts: print(this.ts), js: print(this.js), dts: print(this.dts) };
  }
}

/** A doc comment of these parts, one per line; the empty ones left out. */
export const docs = (...parts: (string | null | undefined | false)[]): OptionalKind<JSDocStructure>[] => [
  { description: parts.filter(Boolean).join('\n') },
];
