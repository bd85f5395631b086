import type { Diagnostics, Place } from '../diagnostics/report.js';
import type { LoadedExternal } from './external.js';
import type { ExternalDeclaration } from './fold/state.js';
import type { VersionSnapshot } from './fold/index.js';
import type { CanonicalModel, ExternalType, Source } from './types.js';

/**
 * Another specification's version (MCP's) is part of the protocol: every artifact states it and carries its content
 * kinds. So the RFCs declare it (`External type | Version | Kinds`) and the installed package must agree; a package
 * update alone never moves the wire format, an RFC restating the row does, and `diff` classes that move.
 */

const placeOf = (s: Source): Place => ({ file: s.file, line: s.line, column: s.column });
const list = (kinds: readonly string[]) => (kinds.length ? kinds.join(', ') : 'none');
const sameKinds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((k) => b.includes(k));
const agrees = (decl: ExternalDeclaration, ext: Pick<ExternalType, 'protocolVersion' | 'kinds'>) =>
  decl.version === (ext.protocolVersion ?? '—') && sameKinds(decl.kinds, ext.kinds);

/** What moved between a declaration and what a package (or a record) gives, in a few words. */
function moves(decl: ExternalDeclaration, ext: Pick<ExternalType, 'protocolVersion' | 'kinds'>): string {
  const out: string[] = [];
  if (decl.version !== (ext.protocolVersion ?? '—'))
    out.push(`version ${ext.protocolVersion ?? '—'}, not ${decl.version}`);
  const added = ext.kinds.filter((k) => !decl.kinds.includes(k));
  const dropped = decl.kinds.filter((k) => !ext.kinds.includes(k));
  if (added.length) out.push(`kinds added: ${added.join(', ')}`);
  if (dropped.length) out.push(`kinds gone: ${dropped.join(', ')}`);
  return out.join('; ');
}

/**
 * The current model's external types: each as its package gives it, with the RFC row that declares it. A type no
 * counted RFC declares, or one its package gives otherwise than declared, is reported at the row (or its Types row).
 */
export function declaredExternals(
  loaded: readonly LoadedExternal[],
  folded: Pick<CanonicalModel, 'types'>,
  last: VersionSnapshot,
  d: Diagnostics,
): ExternalType[] {
  const out: ExternalType[] = [];
  for (const ext of loaded) {
    const decl = last.follows.get(ext.name);
    if (!decl) {
      const at = folded.types.find((t) => t.name === ext.name)?.source;
      d.error(
        'missing-table',
        at ? placeOf(at) : { file: 'spec', line: 1, column: 1 },
        `No counted RFC says which version ${ext.name} follows (External type | Version | Kinds): ${ext.package}@${ext.packageVersion} gives ${ext.protocolVersion ?? '—'} with kinds ${list(ext.kinds)}`,
        ext.name,
      );
      continue;
    }
    if (!agrees(decl, ext)) {
      d.error(
        'external-version',
        placeOf(decl.source),
        `${decl.source.document} says ${ext.name} follows ${decl.version} with kinds ${list(decl.kinds)}, but the installed ${ext.package}@${ext.packageVersion} gives ${moves(decl, ext)}; they must agree, and a package update alone does not move the protocol: to follow the package, restate this row in a new RFC; to follow this row, install (or pin back to) the package version that gives ${decl.version}`,
        ext.name,
      );
      continue;
    }
    out.push({ ...ext, source: decl.source });
  }
  return out;
}

/**
 * A version's external types. Where its RFCs declare what the package gives, the current ones. Where they declare
 * an older version (a later RFC moved it), the version's record holds that version's schema; a released version
 * without one cannot be emitted, and is reported. An unreleased one is only compared (`diff`, Version effects), so
 * the declaration stands in over the current schema.
 */
export function externalsOf(
  snap: VersionSnapshot,
  current: readonly ExternalType[],
  record: CanonicalModel | null,
  recordPath: string | null,
  d: Diagnostics,
): ExternalType[] {
  return current.map((ext) => {
    const decl = snap.follows.get(ext.name);
    if (!decl || agrees(decl, ext)) return decl ? { ...ext, source: decl.source } : ext;
    const recorded = record?.external.find((e) => e.name === ext.name);
    if (recorded && agrees(decl, recorded)) return { ...recorded, source: decl.source };
    if (snap.released) {
      const why = recorded
        ? `its record ${recordPath} holds ${recorded.protocolVersion ?? '—'}`
        : 'it has no record under generated/model/versions/';
      d.error(
        'external-version',
        placeOf(decl.source),
        `${snap.model.protocolVersion} is released and ${ext.name} follows ${decl.version} in it, but the installed ${ext.package}@${ext.packageVersion} gives ${ext.protocolVersion ?? '—'} and ${why}, so its schema is not known`,
        ext.name,
      );
    }
    return {
      ...ext,
      protocolVersion: decl.version === '—' ? null : decl.version,
      kinds: [...decl.kinds],
      source: decl.source,
    };
  });
}
