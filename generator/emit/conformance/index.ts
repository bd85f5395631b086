import type { CanonicalModel } from '../../model/types.js';
import { stableJson } from '../../util/json.js';
import type { EmitContext, GeneratedFile, SharedData, TargetResult } from '../core/target.js';

declare module '../core/target.js' {
  interface SharedData {
    /** The vectors, for the docs' conformance page and the bindings that bundle them. */
    conformance: { vectors: Vector[] };
  }
}
import type { Vector } from './answers.js';
import { referenceElements } from './reference.js';
import { buildRequests } from './requests.js';
import { contentVectors } from './vectors-content.js';
import { enumVectors } from './vectors-enums.js';
import { deprecatedNameVectors, removedNameVectors } from './vectors-names.js';
import { pathStateVectors, stateOnElementVectors, stateReaderVector } from './vectors-states.js';
import { minimalVector, roleAndIdVectors, shapeErrorVectors, sizeVectors } from './vectors-structure.js';
import { exampleVectors, unreadVersionVectors } from './vectors-versions.js';
import { vectorKit } from './vector-kit.js';

/**
 * Every vector, each built so its expected findings follow from how it was built, not from running the checker.
 * `read`: the protocol versions the checkers read (the released ones and the current one).
 */
export function buildVectors(model: CanonicalModel, read: readonly string[] = [model.protocolVersion]): Vector[] {
  const vectors: Vector[] = [];
  const k = vectorKit(model, vectors);
  exampleVectors(k, read);
  minimalVector(k);
  stateOnElementVectors(k);
  removedNameVectors(k);
  deprecatedNameVectors(k);
  enumVectors(k);
  roleAndIdVectors(k);
  pathStateVectors(k);
  stateReaderVector(k);
  contentVectors(k);
  shapeErrorVectors(k);
  unreadVersionVectors(k);
  sizeVectors(k);
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
 * generated/conformance/: the shared vectors every language's tests run (the answers', and requests.json, the
 * operations' requests'); those of older versions beside them.
 * The current version's vectors are shared with the targets that need them (the docs cite them).
 */
export function emitConformance(model: CanonicalModel, context: EmitContext): TargetResult<SharedData['conformance']> {
  const vectors = buildVectors(model, [
    ...new Set([...context.versions.map((v) => v.protocolVersion), model.protocolVersion]),
  ]);
  const files = [
    ...vectorFiles(model, 'conformance', vectors),
    // The request vectors: what each operation's request type accepts and refuses, as its tool's inputSchema does.
    {
      path: 'conformance/requests.json',
      contents: `${JSON.stringify({ protocolVersion: model.protocolVersion, requests: buildRequests(model) }, null, 2)}\n`,
    },
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
