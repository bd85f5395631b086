import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import type { CanonicalModel } from '../../model/types.js';
import { toolchainRoot } from './paths.js';

/**
 * The packaging facts every generated package is published with, stated once by the project's maintainers in
 * publishing.json at the repository's root (docs/publishing.md says what each field is for). The spec states the
 * protocol; this file states what the spec cannot: the SDKs' own version, where the repository and the reference
 * site live, and who publishes. Every emitter reads them through `publishingOf`; a field left null is left out of
 * the packages that would need it, and their READMEs say it must be set before publishing.
 */
export interface Publishing {
  /** The version of every generated package (npm, Maven, the Swift tag, Python): the SDKs', not the protocol's. */
  sdkVersion: string;
  /** SDK versions already published and the protocol version each speaks, oldest first. */
  released: { sdk: string; protocol: string }[];
  /** The repository's web address, https://host/owner/repo (no trailing slash, no .git), or null while unknown. */
  repository: string | null;
  /** Where the reference site (generated/docs, built) is published, https://..., or null while unknown. */
  documentation: string | null;
  /** Who publishes the packages (Maven's organization), or null. */
  organization: { name: string; url: string | null } | null;
  /** The people Maven Central lists as the developers; empty leaves them out. */
  developers: { id: string; name: string; email: string | null; url: string | null }[];
}

export const PUBLISHING_FILE = 'publishing.json';

const httpsUrl = (v: unknown) => typeof v === 'string' && /^https:\/\/[^\s/]+(\/[^\s]*)?$/.test(v) && !v.endsWith('/');
const text = (v: unknown) => typeof v === 'string' && v.trim() !== '' && v === v.trim();
const nullOr = (v: unknown, test: (v: unknown) => boolean) => v === null || test(v);

/** Publishing facts from parsed JSON, or every reason they cannot be used. */
export function readPublishing(value: unknown): { publishing: Publishing } | { problems: string[] } {
  const problems: string[] = [];
  const o = (value ?? {}) as Record<string, unknown>;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problems: ['it is not a JSON object'] };
  const known = ['sdkVersion', 'released', 'repository', 'documentation', 'organization', 'developers'];
  for (const key of Object.keys(o))
    if (!known.includes(key)) problems.push(`unknown field "${key}" (the fields are ${known.join(', ')})`);
  if (typeof o.sdkVersion !== 'string' || !semver.valid(o.sdkVersion) || semver.clean(o.sdkVersion) !== o.sdkVersion)
    problems.push('sdkVersion must be a semantic version such as 1.2.3');
  const released = Array.isArray(o.released) ? (o.released as Record<string, unknown>[]) : null;
  if (!released) problems.push('released must be a list of objects with sdk and protocol, each a semantic version');
  else
    released.forEach((r, i) => {
      if (
        typeof r !== 'object' ||
        r === null ||
        typeof r.sdk !== 'string' ||
        !semver.valid(r.sdk) ||
        typeof r.protocol !== 'string' ||
        !semver.valid(r.protocol)
      )
        problems.push(`released[${i}] must have sdk and protocol, each a semantic version`);
      else if (i > 0 && !semver.gt(r.sdk, String(released[i - 1]?.sdk)))
        problems.push(`released[${i}]: SDK versions go up, oldest first`);
    });
  if (!nullOr(o.repository, httpsUrl))
    problems.push('repository must be null or an https:// address with no trailing slash');
  if (typeof o.repository === 'string' && o.repository.endsWith('.git'))
    problems.push('repository is the web address, without .git');
  if (!nullOr(o.documentation, httpsUrl))
    problems.push('documentation must be null or an https:// address with no trailing slash');
  const org = o.organization as Record<string, unknown> | null;
  if (!(org === null || (typeof org === 'object' && text(org.name) && nullOr(org.url, httpsUrl))))
    problems.push('organization must be null or an object with a name and a url (null or an https:// address)');
  const developers = Array.isArray(o.developers) ? (o.developers as Record<string, unknown>[]) : null;
  if (!developers) problems.push('developers must be a list');
  else
    developers.forEach((d, i) => {
      if (
        typeof d !== 'object' ||
        d === null ||
        !text(d.id) ||
        !text(d.name) ||
        !nullOr(d.email, text) ||
        !nullOr(d.url, httpsUrl)
      )
        problems.push(
          `developers[${i}] must have an id and a name (text), an email (null or text) and a url (null or an https:// address)`,
        );
    });
  if (problems.length > 0) return { problems };
  const current = released?.find((r) => r.sdk === o.sdkVersion);
  if (current)
    problems.push(`sdkVersion ${String(o.sdkVersion)} is already released; raise it before generating a new release`);
  return problems.length > 0 ? { problems } : { publishing: value as Publishing };
}

let fromFile: Publishing | undefined;

/** The repository's publishing.json, read once; an unreadable or wrong file is an internal error the runner reports. */
export function projectPublishing(): Publishing {
  if (fromFile) return fromFile;
  const path = join(toolchainRoot(), PUBLISHING_FILE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${PUBLISHING_FILE} cannot be read: ${e instanceof Error ? e.message : String(e)}`);
  }
  const read = readPublishing(parsed);
  if ('problems' in read) throw new Error(`${PUBLISHING_FILE}: ${read.problems.join('; ')}`);
  fromFile = read.publishing;
  return fromFile;
}

/** The publishing facts a run emits with: those its settings carry (a test's), else the project's. */
export function publishingOf(settings: { readonly publishing?: Publishing | undefined }): Publishing {
  return settings.publishing ?? projectPublishing();
}

/** One line of the SDK-to-protocol table. */
export interface SdkRelease {
  sdk: string;
  protocol: string;
  /** The version these files are: the SDK version being generated, speaking the spec's protocol. */
  current: boolean;
}

/** Every SDK version and the protocol it speaks, newest first: the one being generated, then those released. */
export function sdkReleases(publishing: Publishing, model: CanonicalModel): SdkRelease[] {
  return [
    { sdk: publishing.sdkVersion, protocol: model.protocolVersion, current: true },
    ...[...publishing.released].reverse().map((r) => ({ ...r, current: false })),
  ];
}

/** The SDK-to-protocol table in Markdown, for every README and the docs. */
export function sdkVersionTable(publishing: Publishing, model: CanonicalModel): string {
  const rows = sdkReleases(publishing, model).map(
    (r) => `| ${r.sdk}${r.current ? ' (this one)' : ''} | ${r.protocol} |`,
  );
  return ['| SDK version | Protocol version |', '|---|---|', ...rows].join('\n');
}

/** What every README says when a field the registries need is not set yet. */
export function unsetNote(publishing: Publishing, needs: readonly ('repository' | 'developers')[]): string | null {
  const unset = [
    ...(needs.includes('repository') && publishing.repository === null ? ['`repository`'] : []),
    ...(needs.includes('developers') && publishing.developers.length === 0 ? ['`developers`'] : []),
  ];
  if (unset.length === 0) return null;
  return `Before publishing: ${unset.join(' and ')} must be set in the toolchain's \`${PUBLISHING_FILE}\` (docs/publishing.md says how); until then the fields that need ${unset.length > 1 ? 'them' : 'it'} are left out.`;
}
