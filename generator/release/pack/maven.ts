import { copyFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Packer } from '../packer.js';
import { runTool, withCopy } from '../tools.js';

/** The deploy plugin, pinned, so a deploy runs the same plugin every time (scripts/install-toolchains.sh fetches it). */
export const MAVEN_DEPLOY_PLUGIN = 'org.apache.maven.plugins:maven-deploy-plugin:3.1.4';
/** The id `settings.xml` gives the repository's credentials under (`<server><id>`). */
export const MAVEN_REPOSITORY_ID = 'element-model';

/** What Maven Central requires of a pom, as elements of <project> itself; a pom without one is packed but marked. */
const CENTRAL_POM = ['name', 'description', 'url', 'licenses', 'developers', 'scm'] as const;

/**
 * The elements directly inside a pom's <project>, with the text of those that hold only text. A licence's or the
 * scm's own <url> is not the project's, so nested elements are not counted.
 */
export function projectElements(pom: string): Map<string, string> {
  const found = new Map<string, string>();
  const tag = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z_][\w.-]*)[^>]*?(\/?)>/g;
  let depth = 0;
  let open: { name: string; end: number } | null = null;
  for (let m = tag.exec(pom); m; m = tag.exec(pom)) {
    const [, closing, name, selfClosing] = m;
    if (name === undefined) continue;
    if (closing) {
      if (depth === 2 && open?.name === name && !found.has(name)) found.set(name, pom.slice(open.end, m.index).trim());
      depth -= 1;
    } else if (!selfClosing) {
      depth += 1;
      if (depth === 2) open = { name, end: m.index + m[0].length };
    } else if (depth === 1) found.set(name, '');
  }
  return found;
}

/** The jars (classes, sources, documentation), the pom, and the validator with its dependencies for `java -jar`. */
export const maven: Packer = {
  name: 'maven',
  publishedTo: 'Maven Central',
  async pack({ out, dest }) {
    return withCopy(join(out, 'kotlin'), async (copy) => {
      // The jars are what the tests ran; packing skips running them again.
      // In Maven's process: a Kotlin daemon would outlive the release, spending memory and CPU after it.
      await runTool('mvn', ['-B', '-q', '-ntp', '-Dkotlin.compiler.daemon=false', '-DskipTests', 'package'], {
        cwd: copy,
      });
      const project = projectElements(await readFile(join(copy, 'pom.xml'), 'utf8'));
      const artifactId = project.get('artifactId') || 'package';
      const version = project.get('version') || '0';
      const missing = CENTRAL_POM.filter((name) => !project.has(name));
      const pomCheck = missing.length
        ? `pom lacks what Central requires: ${missing.map((t) => `<${t}>`).join(', ')} (publishing.json)`
        : 'pom has what Central requires';
      const target = join(copy, 'target');
      const jars = (await readdir(target))
        .filter((f) => f.startsWith(`${artifactId}-${version}`) && f.endsWith('.jar'))
        .sort();
      for (const jar of jars) await copyFile(join(target, jar), join(dest, jar));
      const pomName = `${artifactId}-${version}.pom`;
      await copyFile(join(copy, 'pom.xml'), join(dest, pomName));
      // The validator with its dependencies, for `java -jar` (not for Central: it is no Maven artifact).
      const validate = `${artifactId}-validate-${version}.jar`;
      await copyFile(join(target, `${artifactId}-validate.jar`), join(dest, validate));
      return [
        ...jars.map((file) => ({ package: 'maven', file, checks: ['mvn package'] })),
        { package: 'maven', file: validate, checks: ['mvn package; for java -jar'] },
        { package: 'maven', file: pomName, checks: [pomCheck] },
      ];
    });
  },
  publisher: {
    // Central takes signed uploads through its portal's staging API (credentials in settings.xml, id element-model).
    registry: 'https://ossrh-staging-api.central.sonatype.com/service/local/staging/deploy/maven2/',
    async publish({ from, to }) {
      const poms = (await readdir(from)).filter((f) => f.endsWith('.pom'));
      if (poms.length !== 1) throw new Error(`the release folder holds ${poms.length} poms, not one`);
      const stem = (poms[0] ?? '').replace(/\.pom$/, '');
      const at = (suffix: string) => join(from, `${stem}${suffix}`);
      // deploy-file puts the jar, its sources and javadoc and the pom under the coordinates the pom gives, with checksums.
      await runTool(
        'mvn',
        [
          '-B',
          '-q',
          '-ntp',
          `${MAVEN_DEPLOY_PLUGIN}:deploy-file`,
          `-Dfile=${at('.jar')}`,
          `-DpomFile=${at('.pom')}`,
          `-Dsources=${at('-sources.jar')}`,
          `-Djavadoc=${at('-javadoc.jar')}`,
          `-Durl=${to}`,
          `-DrepositoryId=${MAVEN_REPOSITORY_ID}`,
        ],
        { cwd: from },
      );
      return `mvn deploy:deploy-file ${stem} (jar, sources, javadoc, pom) to ${to}`;
    },
  },
};
