import type { CanonicalModel } from '../../model/types.js';
import { stableJson } from '../../util/json.js';
import type { EmitContext, GeneratedFile, SharedData, TargetResult } from '../core/target.js';

declare module '../core/target.js' {
  interface SharedData {
    /** The vectors, for the docs' conformance page and the bindings that bundle them. */
    conformance: { vectors: Vector[] };
  }
}
import { AnswerBuilder, type ExpectedFinding, type Vector, minimalInstance } from './answers.js';
import { referenceElements } from './reference.js';
import { contentAlternatives } from '../kit/spec-data.js';
import { exampleStanding } from '../../model/examples.js';
import { deprecatedFindings } from './deprecated.js';
import { CHECK_RULES } from '../../model/check-rules.js';

type Obj = Record<string, unknown>;

/**
 * Every vector, each built so its expected findings follow from how it was built, not from running the checker.
 * `read`: the protocol versions the checkers read (the released ones and the current one).
 */
export function buildVectors(model: CanonicalModel, read: readonly string[] = [model.protocolVersion]): Vector[] {
  const b = new AnswerBuilder(model);
  const t = model.tree;
  const vectors: Vector[] = [];
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
  const add = (v: Omit<Vector, 'covers'> & { covers?: (string | null)[] }) => {
    if (!v.findings.some(unnamed))
      vectors.push({ ...v, covers: (v.covers ?? []).filter((c): c is string => c !== null) });
  };
  const root = (children: Obj[] = [], extra: Obj = {}) =>
    b.element('app', model.roleRules.root, extra as never, (children.length ? children : undefined) as never);
  const childPath = (...indexes: number[]) => `/${t.root}${indexes.map((i) => `/${t.children}/${i}`).join('')}`;
  const states = model.states.map((s) => s.field);
  const pathState = model.states.find((s) => s.path)?.field;

  // An RFC's examples are answers of the version it made: each is a vector where a checker of this version reads
  // it, as its own version or with one `version` error (model/examples.ts says which; the build says why one is not).
  const covers = model.requirements.filter((r) => r.checkable && r.rule).map((r) => r.id);
  model.examples.forEach((ex, i) => {
    const standing = exampleStanding(model, ex, read);
    if (standing.kind !== 'read' && standing.kind !== 'unread') return;
    const name = `example-${ex.source.document.toLowerCase()}-${(ex.source.section ?? String(i)).replace(/\./g, '-')}`;
    const of = `The example of ${ex.source.document} section ${ex.source.section ?? '?'}`;
    // Read by the current version's rules (its own version, or one never released), it gets their deprecation
    // warnings; a released version's own rules are that version's, and an example of it names what it had then.
    const deprecations =
      standing.kind === 'unread' || standing.version === model.protocolVersion
        ? deprecatedFindings(model, ex.value)
        : [];
    if (standing.kind === 'read') {
      // An answer of an older version whose answers are answers of one read (model/examples.ts, readAlsoBy).
      const own = (ex.value as Obj)[t.version];
      const readAs =
        own === standing.version
          ? ''
          : `, an answer of ${String(own)}, read by the rules of ${standing.version} (only Additive or Editorial RFCs between)`;
      add({
        name,
        description: `${of}${readAs}.`,
        covers,
        input: ex.value as never,
        decodes: true,
        strictValid: true,
        findings: deprecations,
      });
      return;
    }
    add({
      name,
      covers,
      input: ex.value as never,
      decodes: true,
      strictValid: true,
      description: `${of}, an answer of ${standing.version}, which no checker of ${model.protocolVersion} reads as its own (it was never released): checked by ${model.protocolVersion}'s rules, with one version error.`,
      findings: [finding('version', 'error', `/${t.version}`, null, null), ...deprecations],
    });
  });
  add({
    name: 'minimal',
    description: 'An answer whose tree is the root alone.',
    input: b.answer(root()) as never,
    decodes: true,
    strictValid: true,
    findings: [],
  });

  // States on the element they describe, and nowhere else.
  if (states.length) {
    add({
      name: 'state-on-element-pass',
      description: 'Every state is stated on the element it describes.',
      covers: [req('state-on-element')],
      input: b.answer(
        root([b.element('e-1', b.otherRole(), Object.fromEntries(states.map((s) => [s, true])) as never)]),
      ) as never,
      decodes: true,
      strictValid: true,
      findings: [],
    });
    if (t.attributes) {
      add({
        name: 'state-on-element-in-attributes',
        description: 'A state stated among the attributes instead of on the element.',
        covers: [req('state-on-element')],
        input: b.answer(
          root([b.element('e-1', b.otherRole(), { [t.attributes]: { [states[0] as string]: true } })]),
        ) as never,
        decodes: true,
        strictValid: false,
        findings: [
          finding('state-on-element', 'error', `${childPath(0)}/${t.attributes}/${states[0] as string}`, 'e-1'),
        ],
      });
    }
  }
  // Names earlier versions had: each rejected with what replaced it.
  for (const r of model.removed) {
    const from = model.types.find((x) => x.name === r.from);
    if (from?.kind === 'roles') {
      // A removed role is one the language no longer has: read as the unknown role, unless a later RFC restored it.
      // A role removed with a deprecated alias still reads as its new role: its vector is deprecated-role-<name>.
      if (model.roles.some((x) => x.name === r.name || x.aliases?.some((a) => a.name === r.name))) continue;
      add({
        name: `removed-${r.from.toLowerCase()}-${r.name}`,
        description: `An element has the role ${r.name}, removed in ${r.version}: flagged, and read as ${model.roleRules.unknown}.`,
        covers: [req('role-language')],
        input: b.answer(root([b.element('e-1', r.name)])) as never,
        decodes: true,
        strictValid: false,
        findings: [finding('role-language', 'warning', `${childPath(0)}/${t.role}`, 'e-1')],
      });
      continue;
    }
    // A removed reserved attribute is reported where it stands, as a removed field is, unless a later RFC restored it.
    if (r.kind === 'attribute') {
      if (!t.attributes || model.attributes.some((a) => a.name === r.name)) continue;
      add({
        name: `removed-${r.from.toLowerCase()}-${r.name}`,
        description: `An element's ${t.attributes} hold ${r.name}, a reserved attribute removed in ${r.version}.`,
        input: b.answer(root([b.element('e-1', b.otherRole(), { [t.attributes]: { [r.name]: 'x' } })])) as never,
        decodes: true,
        strictValid: false,
        findings: [finding('structure', 'error', `${childPath(0)}/${t.attributes}/${r.name}`, 'e-1', null)],
      });
      continue;
    }
    // A record's removed fields are refused by name, unless a later RFC restored the field.
    if (from?.kind !== 'record' || from.fields.some((f) => f.name === r.name)) continue;
    // The vector puts the name on the answer or on an element; other records sit deeper, in attributes.
    if (r.from !== t.answer && r.from !== t.node) continue;
    const movesState = [...(r.replacedBy ?? '').matchAll(/`([^`]+)`/g)].some((m) => states.includes(m[1] as string));
    const onAnswer = r.from === t.answer;
    const input = onAnswer
      ? b.answer(root(), { [r.name]: [] })
      : b.answer(root([b.element('e-1', b.otherRole(), { [r.name]: 'x' })]));
    const path = onAnswer ? `/${r.name}` : `${childPath(0)}/${r.name}`;
    add({
      name: `removed-${r.from.toLowerCase()}-${r.name}`,
      description: `${r.from} carries ${r.name}, removed in ${r.version}.`,
      covers: movesState ? [req('state-on-element')] : [],
      input: input as never,
      decodes: true,
      strictValid: false,
      findings: [
        movesState
          ? finding('state-on-element', 'error', path, onAnswer ? null : 'e-1')
          : finding('structure', 'error', path, onAnswer ? null : 'e-1', null),
      ],
    });
  }

  // Deprecated names: still valid (strictly so), each a deprecated-name warning with no requirement.
  const deprecatedRoles = model.roles.flatMap((r) => [
    ...(r.deprecated ? [r.name] : []),
    ...(r.aliases ?? []).map((a) => a.name),
  ]);
  for (const role of deprecatedRoles) {
    add({
      name: `deprecated-role-${role}`,
      description: `An element has the deprecated role ${role}: valid, with a warning that says what to use instead.`,
      input: b.answer(root([b.element('e-1', role)])) as never,
      decodes: true,
      strictValid: true,
      findings: [finding('deprecated-name', 'warning', `${childPath(0)}/${t.role}`, 'e-1', null)],
    });
  }
  const node = model.types.find((x) => x.name === t.node);
  for (const f of node?.kind === 'record' ? node.fields : []) {
    // A field the tree is made of is on every element, so the builder fills it; the others are put on one element.
    if (!f.deprecated || f.required || f.type.kind !== 'primitive') continue;
    const value =
      f.type.name === 'string'
        ? 'x'
        : f.type.name === 'number'
          ? 1
          : f.default?.kind === 'value'
            ? f.default.value
            : true;
    add({
      name: `deprecated-field-${f.name}`,
      description: `An element carries the deprecated field ${f.name}: valid, with a warning.`,
      input: b.answer(root([b.element('e-1', b.otherRole(), { [f.name]: value })])) as never,
      decodes: true,
      strictValid: true,
      findings: [finding('deprecated-name', 'warning', `${childPath(0)}/${f.name}`, 'e-1', null)],
    });
  }
  // An enum's field on an element: each of its values, and a value outside the set (kept, with a warning).
  for (const f of node?.kind === 'record' ? node.fields : []) {
    const typeName = f.type.kind === 'named' ? f.type.name : null;
    const def = model.types.find((x) => x.name === typeName);
    if (def?.kind !== 'enum' || f.deprecated) continue;
    const values = def.values.map((v) => v.value);
    const on = (value: string) => b.answer(root([b.element('e-1', b.otherRole(), { [f.name]: value })])) as never;
    add({
      name: `enum-${f.name}-values`,
      description: `Elements carry each value of ${def.name} in ${f.name}.`,
      input: b.answer(root(values.map((v, i) => b.element(`e-${i + 1}`, b.otherRole(), { [f.name]: v })))) as never,
      decodes: true,
      strictValid: true,
      findings: [],
    });
    add({
      name: `enum-${f.name}-unknown`,
      description: `An element's ${f.name} is a string that is no value of ${def.name}: kept, with a warning.`,
      input: on(b.unknownValue(values)),
      decodes: true,
      strictValid: false,
      findings: [finding('structure', 'warning', `${childPath(0)}/${f.name}`, 'e-1', null)],
    });
  }
  for (const a of t.attributes ? model.attributes : []) {
    if (!a.deprecated || a.type.kind !== 'primitive' || a.type.name !== 'string') continue;
    add({
      name: `deprecated-attribute-${a.name}`,
      description: `An element's attributes hold the deprecated reserved attribute ${a.name}: valid, with a warning.`,
      input: b.answer(
        root([b.element('e-1', b.otherRole(), { [t.attributes as string]: { [a.name]: 'x' } })]),
      ) as never,
      decodes: true,
      strictValid: true,
      findings: [
        finding('deprecated-name', 'warning', `${childPath(0)}/${t.attributes as string}/${a.name}`, 'e-1', null),
      ],
    });
  }

  // The root's role, and roles outside the language.
  add({
    name: 'role-language-root',
    description: `The root is not ${model.roleRules.root}.`,
    covers: [req('role-language')],
    input: b.answer(b.element('app', b.otherRole())) as never,
    decodes: true,
    strictValid: false,
    findings: [finding('role-language', 'error', `/${t.root}/${t.role}`, 'app')],
  });
  add({
    name: 'unknown-role',
    description: `A role the language does not have: flagged, and read as ${model.roleRules.unknown}.`,
    covers: [req('role-language')],
    input: b.answer(root([b.element('e-1', b.unknownRole())])) as never,
    decodes: true,
    strictValid: false,
    findings: [finding('role-language', 'warning', `${childPath(0)}/${t.role}`, 'e-1')],
  });
  add({
    name: 'unknown-field',
    description: 'A field the spec does not define: a receiver ignores it.',
    input: b.answer(root([b.element('e-1', b.otherRole(), { vendorNote: 'kept by the app' })])) as never,
    decodes: true,
    strictValid: false,
    findings: [finding('structure', 'warning', `${childPath(0)}/vendorNote`, 'e-1', null)],
  });

  // Ids are unique within an answer.
  add({
    name: 'unique-id-repeat',
    description: 'Two elements share an id.',
    covers: [req('unique-id')],
    input: b.answer(root([b.element('e-1', b.otherRole()), b.element('e-1', b.otherRole(1))])) as never,
    decodes: true,
    strictValid: true,
    findings: [finding('unique-id', 'error', `${childPath(1)}/${t.id}`, 'e-1')],
  });
  add({
    name: 'unique-id-pass',
    description: 'Every id differs.',
    covers: [req('unique-id')],
    input: b.answer(root([b.element('e-1', b.otherRole()), b.element('e-2', b.otherRole(1))])) as never,
    decodes: true,
    strictValid: true,
    findings: [],
  });

  // The path state runs without gaps from the root's child down.
  if (pathState) {
    const on = { [pathState]: true };
    add({
      name: 'state-reachable-path',
      description: `${pathState} set on every element from the root's child down.`,
      covers: [req('state-reachable')],
      input: b.answer(root([b.element('e-1', b.otherRole(), on, [b.element('e-2', b.otherRole(1), on)])])) as never,
      decodes: true,
      strictValid: true,
      findings: [],
    });
    add({
      name: 'state-reachable-gap',
      description: `${pathState} set on a grandchild but not on its parent.`,
      covers: [req('state-reachable')],
      input: b.answer(root([b.element('e-1', b.otherRole(), {}, [b.element('e-2', b.otherRole(1), on)])])) as never,
      decodes: true,
      strictValid: true,
      findings: [finding('state-reachable', 'error', `${childPath(0, 0)}/${pathState}`, 'e-2')],
    });
    add({
      name: 'state-reachable-fork',
      description: `Two siblings both have ${pathState} set: the path is ambiguous.`,
      covers: [req('state-reachable')],
      input: b.answer(root([b.element('e-1', b.otherRole(), on), b.element('e-2', b.otherRole(), on)])) as never,
      decodes: true,
      strictValid: true,
      findings: [finding('state-reachable', 'warning', `/${t.root}/${t.children}`, 'app')],
    });
  }

  // Defaults and inheritance, on a fixed tree with every state stated false, true and absent.
  const mixed = (v: boolean) => Object.fromEntries(states.map((s) => [s, v]));
  add({
    name: 'state-reader',
    description: "Absent states read as their defaults or the parent's value.",
    covers: [req('state-reader')],
    input: b.answer(
      root([
        b.element('e-1', b.otherRole(), mixed(false), [
          b.element('e-2', b.otherRole(1)),
          b.element('e-3', b.otherRole(1), mixed(true)),
        ]),
        b.element('e-4', b.otherRole(), {}, [b.element('e-5', b.otherRole(1))]),
      ]),
    ) as never,
    decodes: true,
    strictValid: true,
    // e-3 states every state true under a parent that states them false: each path state has a gap there.
    findings: model.states
      .filter((s) => s.path)
      .map((s) => finding('state-reachable', 'error', `${childPath(0, 1)}/${s.field}`, 'e-3')),
  });

  // Content blocks: one of each kind the external type defines, and one that is none of them.
  if (t.content) {
    for (const ext of model.external) {
      for (const member of (ext.schema.anyOf ?? []) as Obj[]) {
        const block = minimalInstance(member, ext.definitions) as Obj;
        add({
          name: `content-${String(block.type).replace(/_/g, '-')}`,
          description: `A ${String(block.type)} content block with only its required fields.`,
          input: b.answer(root([b.element('e-1', b.otherRole(), { [t.content]: [block] } as never)])) as never,
          decodes: true,
          strictValid: true,
          findings: [],
        });
      }
    }
    // A kind a later MCP version may add: kept whole with its own fields, flagged by the rule the spec names for it
    // (and not flagged at all by a spec that names none), never refused.
    const kindRequirement = req('content-kind');
    add({
      name: 'content-unknown-type',
      description: 'A content block whose type is not a content kind of this MCP version: kept, with a warning.',
      covers: [kindRequirement],
      input: b.answer(
        root([b.element('e-1', b.otherRole(), { [t.content]: [{ type: 'hologram', depth: 3, frames: [{ at: 0 }] }] })]),
      ) as never,
      decodes: true,
      strictValid: false,
      findings: kindRequirement
        ? [finding('content-kind', 'warning', `${childPath(0)}/${t.content}/0/type`, 'e-1')]
        : [],
    });
    // A property that is one of several shapes, each known by a key only it has: a value with two such keys is
    // neither, and is refused rather than read as one of them with the other's data dropped.
    for (const kind of contentAlternatives(model)) {
      for (const alt of kind.alternatives) {
        const [first, second] = alt.members;
        if (!first || !second) continue;
        const ext = model.external.find((e) => e.name === kind.external);
        if (!ext) continue;
        const block = minimalInstance(ext.definitions[kind.name] ?? {}, ext.definitions) as Obj;
        block[alt.property] = {
          ...(minimalInstance(ext.definitions[first.name] ?? {}, ext.definitions) as Obj),
          ...(minimalInstance(ext.definitions[second.name] ?? {}, ext.definitions) as Obj),
        };
        add({
          name: `content-${String(block.type).replace(/_/g, '-')}-${alt.property}-ambiguous`,
          description: `A ${String(block.type)} content block whose ${alt.property} has both ${first.key} and ${second.key}: it is one of ${alt.members.map((m) => m.name).join(' or ')}, not both.`,
          input: b.answer(root([b.element('e-1', b.otherRole(), { [t.content]: [block] } as never)])) as never,
          decodes: false,
          strictValid: false,
          findings: [finding('structure', 'error', `${childPath(0)}/${t.content}/0/${alt.property}`, 'e-1', null)],
        });
      }
    }
  }

  // Shape errors a receiver cannot decode.
  const noId = b.element('e-1', b.otherRole());
  delete noId[t.id];
  add({
    name: 'missing-id',
    description: 'An element without its id.',
    input: b.answer(root([noId])) as never,
    decodes: false,
    strictValid: false,
    findings: [finding('structure', 'error', childPath(0), null, null)],
  });
  add({
    name: 'role-not-string',
    description: 'A role that is not a string.',
    input: b.answer(root([b.element('e-1', 5 as never)])) as never,
    decodes: false,
    strictValid: false,
    findings: [finding('structure', 'error', `${childPath(0)}/${t.role}`, 'e-1', null)],
  });
  add({
    name: 'children-not-array',
    description: 'Children that are not an array.',
    input: b.answer(root([], { [t.children]: 'none' })) as never,
    decodes: false,
    strictValid: false,
    findings: [finding('structure', 'error', `/${t.root}/${t.children}`, 'app', null)],
  });
  add({
    name: 'not-an-object',
    description: 'An answer that is not a JSON object.',
    input: 42,
    decodes: false,
    strictValid: false,
    findings: [finding('structure', 'error', '', null, null)],
  });

  // A version the checkers do not read: checked by the current version's rules, with one `version` error at the
  // version field (spec/README.md, Protocol versions). Receivers' types decode it; which version to accept is theirs.
  const [major] = model.protocolVersion.split('.');
  const others: [string, string, string][] = [
    ['newer', `${Number(major) + 1}.0.0`, 'A version newer than the current one.'],
    ['malformed', `v${model.protocolVersion}`, 'A version not written in three parts.'],
  ];
  if (model.protocolVersion !== '0.0.0') others.push(['older', '0.0.0', 'A version older than the current one.']);
  for (const [which, version, description] of others) {
    add({
      name: `version-${which}`,
      description,
      input: b.answer(root(), { [t.version]: version }) as never,
      decodes: true,
      strictValid: true,
      findings: [finding('version', 'error', `/${t.version}`, null, null)],
    });
  }

  // Size: a deep chain and a wide list, within what every binding decodes.
  let deep = b.element('d-100', b.otherRole());
  for (let i = 99; i >= 1; i--) deep = b.element(`d-${i}`, b.otherRole(), {}, [deep]);
  add({
    name: 'deep-tree',
    description: 'A chain of 100 nested elements.',
    input: b.answer(root([deep])) as never,
    decodes: true,
    strictValid: true,
    findings: [],
  });
  const wide = Array.from({ length: 2000 }, (_, i) => b.element(`w-${i + 1}`, b.otherRole(i)));
  add({
    name: 'wide-tree',
    description: 'A root with 2,000 children.',
    input: b.answer(root(wide)) as never,
    decodes: true,
    strictValid: true,
    findings: [],
  });

  for (const v of vectors)
    v.findings.sort(
      (a, x) =>
        (a.path < x.path ? -1 : a.path > x.path ? 1 : 0) || ((a.requirement ?? '') < (x.requirement ?? '') ? -1 : 1),
    );
  return vectors.sort((a, x) => (a.name < x.name ? -1 : 1));
}

function vectorFiles(model: CanonicalModel, dir: string, vectors = buildVectors(model)): GeneratedFile[] {
  const files = vectors.map((v) => ({
    path: `${dir}/vectors/${v.name}.json`,
    // The two large trees are kept on one line; the others are indented for reading.
    contents: `${JSON.stringify({ ...v, elements: v.decodes ? referenceElements(model, v.input) : undefined }, null, v.name === 'wide-tree' || v.name === 'deep-tree' ? undefined : 2)}\n`,
  }));
  files.push({
    path: `${dir}/index.json`,
    contents: stableJson({ protocolVersion: model.protocolVersion, vectors: vectors.map((v) => v.name) }),
  });
  // Apple's roles by their AXRole value, each with the protocol role it becomes, or null when it is not reported:
  // every binding's suite checks its mapping against this file (and against the hand-written one in test/vectors).
  const appleRoles = Object.fromEntries(model.appleRoles.map((a) => [a.value, a.role]));
  files.push({
    path: `${dir}/apple-roles.json`,
    contents: stableJson({ protocolVersion: model.protocolVersion, roles: appleRoles }),
  });
  return files;
}

/**
 * generated/conformance/: the shared vectors every language's tests run; those of older versions beside them.
 * The current version's vectors are shared with the targets that need them (the docs cite them).
 */
export function emitConformance(model: CanonicalModel, context: EmitContext): TargetResult<SharedData['conformance']> {
  const vectors = buildVectors(model, [
    ...new Set([...context.versions.map((v) => v.protocolVersion), model.protocolVersion]),
  ]);
  const files = [
    ...vectorFiles(model, 'conformance', vectors),
    // An older version's vectors are what its own checkers would say: they read it and the versions released before it.
    ...context.versions
      .filter((v) => v.protocolVersion !== model.protocolVersion)
      .flatMap((v) =>
        vectorFiles(
          v,
          `conformance/versions/${v.protocolVersion}`,
          buildVectors(
            v,
            context.versions.slice(0, context.versions.indexOf(v) + 1).map((x) => x.protocolVersion),
          ),
        ),
      ),
  ];
  return { files, diagnostics: [], data: { vectors } };
}
