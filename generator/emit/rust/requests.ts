import type { CanonicalModel } from '../../model/types.js';
import type { Decl, FieldDecl, RecordDecl } from '../kit/decl-types.js';
import type { Names } from '../kit/naming.js';
import type { SideDecl } from '../kit/operations.js';
import {
  type RequestArguments,
  type RequestShape,
  requestReach,
  type Want,
  type WantedField,
} from '../kit/request-reach.js';
import { type Lines, linesOf } from '../core/lines.js';
import { implFn } from './impls.js';
import { field } from './records.js';
import { REST_FIELD, rustDoc, rustString } from './naming.js';

/**
 * The request types (operations.rs): a struct of what an operation takes, with no member for what it does not know,
 * whose serde Deserialize checks the JSON against what tools.json's inputSchema allows (kit/request-reach.ts, as
 * data for runtime/rust/request.rs) before it moves each member into its field with the model types' decoders. So
 * `serde_json::from_value::<QueryRequest>` refuses what the schema refuses, and the answer types stay lenient.
 */

/** Which `Want` a model type is, and the static that holds its shape (none for an external type). */
type Shapes = Map<string, { variant: string; name: string } | null>;

function wantOf(shapes: Shapes, want: Want): string {
  switch (want.kind) {
    case 'string':
      return 'Want::String';
    case 'boolean':
      return 'Want::Boolean';
    case 'number':
      return 'Want::Number';
    case 'list':
      return `Want::List(&${wantOf(shapes, want.items)})`;
    case 'shape': {
      const shape = shapes.get(want.name);
      return shape ? `Want::${shape.variant}(&${shape.name})` : 'Want::External';
    }
  }
}

const strings = (values: readonly string[]) => `&[${values.map(rustString).join(', ')}]`;

function fieldsOf(w: Lines, shapes: Shapes, fields: readonly WantedField[]): void {
  w.block(
    'fields: &[',
    (b) => {
      for (const f of fields)
        b.line(`WantField { key: ${rustString(f.key)}, required: ${f.required}, want: ${wantOf(shapes, f.want)} },`);
    },
    '],',
  );
}

/** One shape as a static of runtime/rust/request.rs's types. */
function shapeStatic(w: Lines, shapes: Shapes, shape: RequestShape): void {
  const target = shapes.get(shape.name);
  if (!target) return;
  const name = `name: ${rustString(shape.name)},`;
  if (shape.kind === 'values') {
    w.line(`static ${target.name}: WantSet = WantSet { ${name} values: ${strings(shape.values)} };`);
    return;
  }
  if (shape.kind === 'external') return;
  const type = shape.kind === 'record' ? 'WantRecord' : 'WantAttributes';
  w.block(
    `static ${target.name}: ${type} = ${type} {`,
    (b) => {
      b.line(name);
      fieldsOf(b, shapes, shape.fields);
      if (shape.kind === 'attributes') b.line(`forbidden: ${strings(shape.refused)},`);
    },
    '};',
  );
}

/** A request type: the struct, and its Deserialize through the check, then the model types' decoders. */
function requestType(w: Lines, d: SideDecl, fields: FieldDecl[], doc: string, args: string, record: string): void {
  rustDoc(w, doc).line('#[derive(Debug, Clone, PartialEq, Serialize)]');
  w.block(`pub struct ${d.name} {`, (b) => fields.forEach((f) => field(b, f)), '}').blank();
  implFn(
    w,
    `impl ${d.name}`,
    "fn decode(value: Node<'_>) -> Result<Self, DecodeError>",
    (b) => {
      b.line(`let mut members = members(value, ${rustString(record)})?;`);
      b.block(
        `Ok(${d.name} {`,
        (o) => {
          for (const f of fields)
            o.line(
              f.required
                ? `${f.name}: required(&mut members, ${rustString(f.key)}, ${rustString(record)})?,`
                : `${f.name}: optional(&mut members, ${rustString(f.key)})?,`,
            );
        },
        '})',
      );
    },
    'Its members moved into its fields, once the check has passed (it leaves no other member).',
  ).blank();
  implFn(
    w,
    `impl<'de> Deserialize<'de> for ${d.name}`,
    "fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>",
    (b) =>
      b
        .line('let value = Value::deserialize(deserializer)?;')
        .line(`check(&value, &${args}).map_err(de::Error::custom)?;`)
        .line('Self::decode(Node::from_value(value)).map_err(de::Error::custom)'),
    "Checked against the tool's inputSchema, then decoded: a member, role or value the schema refuses is an error.",
  );
}

/** A record request: its type, and its way into the model's record (whose `rest` it has nothing for). */
function recordRequest(w: Lines, decl: SideDecl, record: RecordDecl, doc: string, target: string): void {
  requestType(w, decl, record.fields, doc, target, record.key);
  implFn(
    w.blank(),
    `impl From<${decl.name}> for ${record.name}`,
    `fn from(request: ${decl.name}) -> Self`,
    (b) =>
      b.block(
        `${record.name} {`,
        (c) => {
          record.fields.forEach((f) => c.line(`${f.name}: request.${f.name},`));
          c.line(`${REST_FIELD}: Map::new(),`);
        },
        '}',
      ),
    `The request as the model's ${record.name}, which has nothing else to keep.`,
  );
}

/** A request of one value: the static its arguments are checked against, and its type of one field. */
function wrappedRequest(
  w: Lines,
  statics: Shapes,
  op: string,
  decl: SideDecl & { form: 'wrapper' },
  arg: RequestArguments,
  doc: string,
  target: string,
) {
  w.block(
    `static ${target}: WantRecord = WantRecord {`,
    (b) => {
      b.line(`name: ${rustString(arg.name)},`);
      fieldsOf(b, statics, arg.fields);
    },
    '};',
  ).blank();
  const field: FieldDecl = {
    key: decl.field.key,
    name: decl.field.name,
    type: decl.field.type,
    required: true,
    doc: `The ${decl.notation} ${op} takes.`,
    default: null,
    constant: null,
  };
  requestType(w, decl, [field], doc, target, arg.name);
}

/**
 * The statics every request's check reads, and each request type's source by its name. `decls` are the model's
 * declarations, whose records give a record request its fields.
 */
export function rustRequests(
  model: CanonicalModel,
  names: Names,
  decls: readonly Decl[],
  requests: { key: string; decl: SideDecl }[],
): { statics: string; types: Map<string, string> } {
  const { shapes, requests: args } = requestReach(model);
  const variants = { record: 'Record', values: 'Values', attributes: 'Attributes' } as const;
  const statics: Shapes = new Map(
    shapes.map((s) => [
      s.name,
      s.kind === 'external' ? null : { variant: variants[s.kind], name: names.constant(s.name) },
    ]),
  );
  const types = new Map<string, string>();
  for (const { key, decl } of requests) {
    const arg = args.find((a) => a.operation === key);
    if (!arg) continue;
    const held =
      decl.form === 'alias'
        ? `the ${decl.notation}`
        : `one ${decl.notation}, as the ${decl.field.key} property of a JSON object`;
    const doc = `What ${key} takes: ${held}. Reading it refuses what the tool's inputSchema refuses.`;
    const record = decls.find((x): x is RecordDecl => x.kind === 'record' && x.key === arg.record);
    const target = statics.get(arg.shape ?? '')?.name;
    if (decl.form === 'alias' && record && target)
      types.set(
        decl.name,
        linesOf((w) => recordRequest(w, decl, record, doc, target), '    '),
      );
    if (decl.form === 'wrapper')
      types.set(
        decl.name,
        linesOf((w) => wrappedRequest(w, statics, key, decl, arg, doc, names.constant(decl.name)), '    '),
      );
  }
  return { statics: linesOf((w) => shapes.forEach((s) => shapeStatic(w, statics, s)), '    '), types };
}
