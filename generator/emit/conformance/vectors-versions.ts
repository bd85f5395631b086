import { exampleStanding } from '../../model/examples.js';
import { deprecatedFindings } from './deprecated.js';
import type { Obj, VectorKit } from './vector-kit.js';

/**
 * An RFC's examples are answers of the version it made: each is a vector where a checker of this version reads
 * it, as its own version or with one `version` error (model/examples.ts says which; the build says why one is not).
 * `read`: the protocol versions the checkers read.
 */
export function exampleVectors({ model, t, finding, add }: VectorKit, read: readonly string[]): void {
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
}

/**
 * A version the checkers do not read: checked by the current version's rules, with one `version` error at the
 * version field (spec/README.md, Protocol versions). Receivers' types decode it; which version to accept is theirs.
 */
export function unreadVersionVectors({ model, b, t, finding, add, root }: VectorKit): void {
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
}
