import { CHECK_RULES } from '../../model/check-rules.js';
import type { CanonicalModel } from '../../model/types.js';
import { AnswerBuilder, type ExpectedFinding, type Vector } from './answers.js';

export type Obj = Record<string, unknown>;
/** An element or answer as the builder makes it. */
type Built = ReturnType<AnswerBuilder['element']>;

/** A vector as a family builds it: `covers` may name a requirement the spec lacks (null), dropped when added. */
export type VectorDraft = Omit<Vector, 'covers'> & { covers?: (string | null)[] };

/** What every family of vectors builds with: the model's names, the answer builder, and the list it adds to. */
export interface VectorKit {
  model: CanonicalModel;
  b: AnswerBuilder;
  t: CanonicalModel['tree'];
  /** The requirement that names a rule, or null when none does. */
  req: (rule: string) => string | null;
  finding: (
    rule: string,
    severity: 'error' | 'warning',
    path: string,
    elementId: string | null,
    requirement?: string | null,
  ) => ExpectedFinding;
  add: (v: VectorDraft) => void;
  /** The root element, with these children and fields. */
  root: (children?: Obj[], extra?: Obj) => Built;
  /** The path of the root's descendant at these child indexes. */
  childPath: (...indexes: number[]) => string;
  /** Every state's field, and the path state's (if the spec has one). */
  states: string[];
  pathState: string | undefined;
}

/** A kit that adds to `vectors`. */
export function vectorKit(model: CanonicalModel, vectors: Vector[]): VectorKit {
  const b = new AnswerBuilder(model);
  const t = model.tree;
  const req = (rule: string) => b.requirementOf(rule);
  const finding = (
    rule: string,
    severity: 'error' | 'warning',
    path: string,
    elementId: string | null,
    requirement = req(rule),
  ): ExpectedFinding => ({ requirement, rule, severity, elementId, path });
  // A checker drops the findings of a rule no requirement names (a Removed row took its requirement out): a vector
  // built to give such a finding tests nothing a checker of this version does, so it is left out.
  const unnamed = (f: ExpectedFinding) => f.requirement === null && Object.hasOwn(CHECK_RULES, f.rule);
  const add = (v: VectorDraft) => {
    if (!v.findings.some(unnamed))
      vectors.push({ ...v, covers: (v.covers ?? []).filter((c): c is string => c !== null) });
  };
  const root = (children: Obj[] = [], extra: Obj = {}) =>
    b.element('app', model.roleRules.root, extra as never, (children.length ? children : undefined) as never);
  const childPath = (...indexes: number[]) => `/${t.root}${indexes.map((i) => `/${t.children}/${i}`).join('')}`;
  const states = model.states.map((s) => s.field);
  const pathState = model.states.find((s) => s.path)?.field;
  return { model, b, t, req, finding, add, root, childPath, states, pathState };
}
