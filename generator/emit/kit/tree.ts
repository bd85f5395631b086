import type { CanonicalModel, Field, RecordType } from '../../model/types.js';
import { nothingWritten } from '../core/report.js';
import type { Declarations, FieldDecl, RecordDecl } from './decl-types.js';

/**
 * The tree as records and fields, from `model.tree` (which the model resolves once from the types): the answer and
 * element records, and the fields that hold the root, the children, the id, the role, the attributes and the
 * content. Every target reads these rather than finding the tree again in the types.
 */
export interface TreeRecords {
  answer: RecordType;
  node: RecordType;
  root: Field;
  children: Field;
  id: Field;
  role: Field;
  attributes: Field | null;
  content: Field | null;
  version: Field;
}

interface TreeFields<F> {
  root: F;
  version: F;
  children: F;
  id: F;
  role: F;
  attributes: F | null;
  content: F | null;
}

/** The tree's fields found in the answer and element records, whichever way a caller holds records and fields. */
function treeFields<R, F>(
  tree: CanonicalModel['tree'],
  answer: R,
  node: R,
  fieldOf: (r: R, name: string) => F | undefined,
  nameOf: (r: R) => string,
): TreeFields<F> | { missing: string } {
  const field = (r: R, name: string | null) => (name === null ? null : fieldOf(r, name));
  const root = field(answer, tree.root);
  const version = field(answer, tree.version);
  const children = field(node, tree.children);
  const id = field(node, tree.id);
  const role = field(node, tree.role);
  const attributes = field(node, tree.attributes);
  const content = field(node, tree.content);
  if (!root || !version) return { missing: `${nameOf(answer)} has no field ${!root ? tree.root : tree.version}` };
  if (!children || !id || !role || attributes === undefined || content === undefined) {
    return {
      missing: `${nameOf(node)} lacks one of the tree's fields (${[tree.children, tree.id, tree.role, tree.attributes, tree.content].filter(Boolean).join(', ')})`,
    };
  }
  return { root, version, children, id, role, attributes, content };
}

/** The tree's records and fields, or what the model lacks for them (a model no valid spec makes). */
export function treeRecords(model: CanonicalModel): TreeRecords | { missing: string } {
  const { tree } = model;
  const record = (name: string) => model.types.find((t): t is RecordType => t.kind === 'record' && t.name === name);
  const answer = record(tree.answer);
  const node = record(tree.node);
  if (!answer || !node) return { missing: `${!answer ? tree.answer : tree.node} is not a record` };
  const fields = treeFields(
    tree,
    answer,
    node,
    (r, name) => r.fields.find((f) => f.name === name),
    (r) => r.name,
  );
  return 'missing' in fields ? fields : { answer, node, ...fields };
}

/** A state of an element as a binding's reader computes it: its field, and what an absent value means. */
export interface StateView {
  key: string;
  field: FieldDecl;
  /** Absent means the parent's value (the root's is `value`), rather than `value` itself. */
  inherit: boolean;
  value: boolean;
  reachable: boolean;
  path: boolean;
}

/**
 * The tree as a typed binding prints it: the answer and element declarations and their fields, with the
 * language's names, the states with their defaults, and the JSON Pointers the reader gives each element.
 */
export interface TreeView {
  answer: RecordDecl;
  node: RecordDecl;
  root: FieldDecl;
  children: FieldDecl;
  id: FieldDecl;
  role: FieldDecl;
  version: FieldDecl;
  attributes: FieldDecl | null;
  content: FieldDecl | null;
  states: StateView[];
  /** `/root`: the root element's pointer. */
  rootPointer: string;
  /** `/children/`: what a child's pointer adds to its parent's before its index. */
  childrenSegment: string;
}

/** A JSON Pointer reference token (RFC 6901): `~` and `/` escaped. */
export const pointerToken = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The tree view from a target's declarations, or what they lack for it. */
export function treeView(model: CanonicalModel, decls: Declarations): TreeView | { missing: string } {
  const { answer, node } = decls;
  if (!answer || !node) return { missing: `${!answer ? model.tree.answer : model.tree.node} is not a record` };
  const fieldOf = (r: RecordDecl, key: string) => r.fields.find((f) => f.key === key);
  const fields = treeFields(model.tree, answer, node, fieldOf, (r) => r.key);
  if ('missing' in fields) return fields;
  const { root, version, children, id, role, attributes, content } = fields;
  const states: StateView[] = [];
  for (const s of model.states) {
    const f = fieldOf(node, s.field);
    if (!f?.default) return { missing: `the state ${s.field} is no field with a default of ${node.key}` };
    const d = f.default;
    states.push({
      key: s.field,
      field: f,
      inherit: d.kind === 'inherit',
      value: d.kind === 'inherit' ? d.root : d.value,
      reachable: s.reachable,
      path: s.path,
    });
  }
  return {
    answer,
    node,
    root,
    children,
    id,
    role,
    version,
    attributes,
    content,
    states,
    rootPointer: `/${pointerToken(root.key)}`,
    childrenSegment: `/${pointerToken(children.key)}/`,
  };
}

/**
 * The tree view a code target builds on, or why there is none: the declarations' findings and the part of the tree
 * that is missing, at the role rules' source.
 */
export function treeViewOrFailure(
  model: CanonicalModel,
  kit: Declarations,
): TreeView | ReturnType<typeof nothingWritten> {
  const tree = treeView(model, kit);
  return 'missing' in tree
    ? nothingWritten(kit.diagnostics, model.roleRules.source, `The tree cannot be read: ${tree.missing}`)
    : tree;
}
