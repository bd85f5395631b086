import type { Diagnostic } from '../../diagnostics/report.js';
import type { CanonicalModel } from '../../model/types.js';
import { emitterDiagnostic } from '../core/report.js';
import { type HostileInputs, hostileInputs } from '../shared/hostile.js';
import type { AttributesDecl, Declarations, RolesDecl, UnionDecl } from './decl-types.js';
import { declarations } from './declarations.js';
import type { Names } from './naming.js';
import { type SampleAnswer, sampleAnswer } from './samples.js';
import { type TreeView, treeView } from './tree.js';

/** Everything a typed binding with its own tests is made from, each known to be there. */
export interface CodeTargetInputs {
  kit: Declarations;
  roles: RolesDecl;
  attributes: AttributesDecl;
  content: UnionDecl;
  tree: TreeView;
  sample: SampleAnswer;
  hostile: HostileInputs;
}

/**
 * The kit's views of the model for one language, or the `emitter` diagnostics that say what the model lacks for
 * them (a model no valid spec makes): a target then emits nothing rather than throw.
 */
export function codeTargetInputs(
  model: CanonicalModel,
  names: Names,
): { inputs: CodeTargetInputs; diagnostics: Diagnostic[] } | { inputs: null; diagnostics: Diagnostic[] } {
  const kit = declarations(model, names);
  const diagnostics: Diagnostic[] = [...kit.diagnostics];
  const report = (message: string) => diagnostics.push(emitterDiagnostic(model.roleRules.source, message));
  const tree = treeView(model, kit);
  const sample = sampleAnswer(model);
  const hostile = hostileInputs(model);
  const { roles, attributes, content } = kit;
  if ('missing' in tree) report(`The tree cannot be read: ${tree.missing}`);
  if ('missing' in sample) report(`No sample answer: ${sample.missing}`);
  if ('missing' in hostile) report(`No hostile inputs: ${hostile.missing}`);
  if (!roles) report('The model has no role language');
  if (!attributes) report('The model has no attributes type');
  if (!content) report('The model has no content union');
  if ('missing' in tree || 'missing' in sample || 'missing' in hostile || !roles || !attributes || !content)
    return { inputs: null, diagnostics };
  return { inputs: { kit, roles, attributes, content, tree, sample, hostile }, diagnostics };
}
