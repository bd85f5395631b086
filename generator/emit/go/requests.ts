import { Lines } from '../core/lines.js';
import type { RequestReach, Want, WantedField } from '../kit/request-reach.js';
import { goLiteral } from './naming.js';

/**
 * What each request's JSON must be (kit/request-reach.ts), as the data runtime/go/request.go checks a request
 * type's JSON against before its decoder reads it: `wantedRecords` (each record a request reaches, by its name in
 * the model, and each operation's arguments where they are one value, by the request type's name) and `wantedSets`
 * (the roles and the enums, by name). `argumentsOf` names a wrapped request's arguments by its type's name.
 */

function wantOf(want: Want, kinds: ReadonlyMap<string, string>): string {
  switch (want.kind) {
    case 'string':
      return 'want{kind: wantString}';
    case 'boolean':
      return 'want{kind: wantBoolean}';
    case 'number':
      return 'want{kind: wantNumber}';
    case 'list':
      return `want{kind: wantList, items: &${wantOf(want.items, kinds)}}`;
    case 'shape': {
      const kind = kinds.get(want.name) ?? 'wantExternal';
      return kind === 'wantExternal'
        ? 'want{kind: wantExternal}'
        : `want{kind: ${kind}, name: ${goLiteral(want.name)}}`;
    }
  }
}

const stringsOf = (values: readonly string[]) => `[]string{${values.map(goLiteral).join(', ')}}`;

export function goRequestShapes(reach: RequestReach, argumentsOf: ReadonlyMap<string, string>): string {
  const { shapes, requests } = reach;
  const kinds = new Map(
    shapes.map((s) => [
      s.name,
      s.kind === 'record'
        ? 'wantRecord'
        : s.kind === 'values'
          ? 'wantValues'
          : s.kind === 'attributes'
            ? 'wantAttributes'
            : 'wantExternal',
    ]),
  );
  const w = new Lines();
  const record = (
    w: Lines,
    name: string,
    shown: string,
    fields: readonly WantedField[],
    refused: readonly string[] = [],
  ) => {
    w.block(
      `${goLiteral(name)}: {`,
      (b) => {
        b.line(`name: ${goLiteral(shown)},`);
        b.block(
          'fields: []wantedField{',
          (c) => fields.forEach((f) => c.line(`{${goLiteral(f.key)}, ${f.required}, ${wantOf(f.want, kinds)}},`)),
          '},',
        );
        if (refused.length) b.line(`forbidden: ${stringsOf(refused)},`);
      },
      '},',
    );
  };
  // A map literal of its entries, or `{}` (as gofmt writes an empty one).
  const map = (declaration: string, entries: (b: Lines) => void) => {
    const inner = new Lines('\t', 1);
    entries(inner);
    const body = inner.toString();
    w.line(body.trim() ? `${declaration}{\n${body.trimEnd()}\n}` : `${declaration}{}`);
  };
  w.line('// wantedRecords is every record a request reaches, and each request that holds one value, by name.');
  map('var wantedRecords = map[string]*wantedRecord', (b) => {
    for (const s of shapes) {
      if (s.kind === 'record') record(b, s.name, s.name, s.fields);
      if (s.kind === 'attributes') record(b, s.name, s.name, s.fields, s.refused);
    }
    for (const r of requests) {
      const name = argumentsOf.get(r.operation);
      if (r.record === null && name !== undefined) record(b, name, r.name, r.fields);
    }
  });
  w.blank().line('// wantedSets is the roles and every enum a request reaches, by name.');
  map('var wantedSets = map[string]*wantedSet', (b) =>
    b.aligned(() => {
      for (const s of shapes)
        if (s.kind === 'values') b.row(`${goLiteral(s.name)}:`, `{${goLiteral(s.name)}, ${stringsOf(s.values)}},`);
    }),
  );
  return w.toString();
}
