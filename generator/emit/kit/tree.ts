import type { CanonicalModel, Field, RecordType } from '../../model/types.js';

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

/** The tree's records and fields, or what the model lacks for them (a model no valid spec makes). */
export function treeRecords(model: CanonicalModel): TreeRecords | { missing: string } {
  const { tree } = model;
  const record = (name: string) => model.types.find((t): t is RecordType => t.kind === 'record' && t.name === name);
  const answer = record(tree.answer);
  const node = record(tree.node);
  if (!answer || !node) return { missing: `${!answer ? tree.answer : tree.node} is not a record` };
  const field = (r: RecordType, name: string | null) => (name === null ? null : (r.fields.find((f) => f.name === name) ?? undefined));
  const root = field(answer, tree.root);
  const version = field(answer, tree.version);
  const children = field(node, tree.children);
  const id = field(node, tree.id);
  const role = field(node, tree.role);
  const attributes = field(node, tree.attributes);
  const content = field(node, tree.content);
  if (!root || !version) return { missing: `${answer.name} has no field ${!root ? tree.root : tree.version}` };
  if (!children || !id || !role || attributes === undefined || content === undefined) {
    return { missing: `${node.name} lacks one of the tree's fields (${[tree.children, tree.id, tree.role, tree.attributes, tree.content].filter(Boolean).join(', ')})` };
  }
  return { answer, node, root, children, id, role, attributes, content, version };
}
