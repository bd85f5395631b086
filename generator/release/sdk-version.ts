import semver from 'semver';
import type { Publishing } from '../emit/shared/publishing.js';

export type ChangeClass = 'breaking' | 'additive' | 'editorial';

/**
 * The SDK version a release gets (docs/publishing.md, "The version scheme"): the first release takes publishing.json's
 * `sdkVersion` as set; a later one steps the last released SDK version by the protocol change since it, as the
 * protocol's own versioning table steps protocol versions (before 1.0: breaking the minor part, anything else the
 * patch part; from 1.0: breaking the major, additive the minor, editorial the patch). When `sdkVersion` was already
 * raised past that (a fix to a binding), the higher of the two.
 */
export function releaseSdkVersion(publishing: Publishing, change: ChangeClass): string {
  const last = publishing.released.at(-1)?.sdk;
  if (last === undefined) return publishing.sdkVersion;
  const major = semver.major(last) >= 1;
  const part: semver.ReleaseType =
    change === 'breaking' ? (major ? 'major' : 'minor') : change === 'additive' && major ? 'minor' : 'patch';
  const stepped = semver.inc(last, part) ?? publishing.sdkVersion;
  return semver.gt(publishing.sdkVersion, stepped) ? publishing.sdkVersion : stepped;
}

/** publishing.json after a release: the SDK version recorded as released with its protocol, and the next one in work. */
export function afterRelease(publishing: Publishing, sdk: string, protocol: string): Publishing {
  return {
    ...publishing,
    released: [...publishing.released, { sdk, protocol }],
    sdkVersion: semver.inc(sdk, 'patch') ?? sdk,
  };
}
