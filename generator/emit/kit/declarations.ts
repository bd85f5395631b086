import type { CanonicalModel, RecordType } from '../../model/types.js';
import { emitterDiagnostic } from '../core/report.js';
import type { Diagnostic } from '../../diagnostics/report.js';
import { externalDecls } from './decl-external.js';
import { attributesDecl, enumDecl, recordDecl, rolesDecl, typeViews } from './decl-model.js';
import type { AttributesDecl, Decl, Declarations, RecordDecl, RolesDecl, UnionDecl } from './decl-types.js';
import type { Names } from './naming.js';

/**
 * The model as a typed language declares it, the same for every code target: records, the open role enum, the
 * attributes with their reserved names, the tagged content union with an unknown case, and the types the content
 * blocks reach. Each target prints these through its own templates; names are already in the target's style.
 */

/** The model's declarations for one code target, with its names. */
export function declarations(model: CanonicalModel, names: Names): Declarations {
  const diagnostics: Diagnostic[] = [];
  const viewOf = typeViews(model, names);
  const decls: Decl[] = [];
  let roles: RolesDecl | null = null;
  let attributes: AttributesDecl | null = null;
  let content: UnionDecl | null = null;
  for (const t of model.types) {
    if (t.kind === 'roles') {
      roles = rolesDecl(model, t, names);
      decls.push(roles);
    } else if (t.kind === 'enum') {
      decls.push(enumDecl(t, names));
    } else if (t.kind === 'attributes') {
      attributes = attributesDecl(model, t, names, viewOf);
      decls.push(attributes);
    } else if (t.kind === 'external') {
      const ext = model.external.find((e) => e.name === t.name);
      const made = ext
        ? externalDecls(ext, t.meaning, names, new Set(model.types.map((m) => names.type(m.name))), (m) =>
            diagnostics.push(emitterDiagnostic(t.source, m)),
          )
        : null;
      if (!ext) diagnostics.push(emitterDiagnostic(t.source, `${t.name}: the model has no external type of that name`));
      if (made) {
        content = made.root;
        decls.push(...made.decls, made.root);
      }
    }
  }
  const records = model.types.filter((t): t is RecordType => t.kind === 'record');
  const recordDecls = records.map((t) => recordDecl(t, names, viewOf));
  // Records that others refer to come first (a related link before the attributes that hold it).
  const answer = recordDecls.find((r) => r.key === model.tree.answer) ?? null;
  const node = recordDecls.find((r) => r.key === model.tree.node) ?? null;
  if (!answer || !node)
    diagnostics.push(
      emitterDiagnostic(
        model.roleRules.source,
        `The tree's ${!answer ? `answer ${model.tree.answer}` : `element ${model.tree.node}`} is not a record`,
      ),
    );
  const tree = new Set([model.tree.answer, model.tree.node]);
  const leaves = recordDecls.filter((r) => !tree.has(r.key));
  const treeDecls = [node, answer].filter((r): r is RecordDecl => r !== null);
  const ordered = [
    ...leaves,
    ...decls.filter((d) => d.kind !== 'attributes'),
    ...decls.filter((d) => d.kind === 'attributes'),
    ...treeDecls,
  ];
  return { decls: ordered, roles, attributes, content, answer, node, diagnostics };
}
