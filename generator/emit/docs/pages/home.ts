import { migrations } from './migrations.js';
import { sentence } from '../../shared/text.js';
import { anchors } from '../entries.js';
import { slugify } from '../slug.js';
import { contentSample } from '../samples.js';
import { withDeprecation } from '../deprecated.js';
import type { DocPage } from '../page.js';
import { exampleBlock } from './examples.js';
import { currentExample } from '../../../model/examples.js';
import { type DocExample, type Docs, anchorTag, cell, code, link, render, rfcPage } from '../site.js';

export function indexPage(d: Docs, exs: DocExample[]): DocPage {
  const m = d.model;
  const path = 'index.md';
  const answer = d.records.find((r) => r.name === m.tree.answer);
  const answerOp = m.operations.find((o) => o.returns === m.tree.answer);
  const title = `Element model ${m.protocolVersion}`;
  const description = `Reference for the element model, protocol ${m.protocolVersion}: operations, the answer, roles, the Apple mapping and conformance.`;
  const current = currentExample(m);
  const firstExample = exs.find((e) => e.value === current?.value);
  const view = {
    ...d.front(path, title, description, 1),
    title,
    version: m.protocolVersion,
    rfcs: m.rfcs.map((r) => ({ id: r.id, title: r.title, link: link(path, rfcPage(r.id)), summary: cell(r.summary) })),
    operations: m.operations.map((o) => ({
      name: `${anchorTag(anchors.operation(o.name))}${code(o.name)}`,
      usedIn: d.usedIn(path, o.name),
      takes: o.takes
        ? d.typeLink(path, o.takes)
          ? `[${code(o.takes)}](${d.typeLink(path, o.takes)})`
          : code(o.takes)
        : '—',
      returns: o.returns
        ? d.typeLink(path, o.returns)
          ? `[${code(o.returns)}](${d.typeLink(path, o.returns)})`
          : code(o.returns)
        : '—',
      since: o.since,
      meaning: withDeprecation(cell(sentence(o.meaning)), o.deprecated, cell),
      source: d.source(path, o.source),
    })),
    answerOp: answerOp ? answerOp.name : null,
    answerType: m.tree.answer,
    answerLink: link(path, 'element.md', slugify(m.tree.answer)),
    answerFields: answer ? answer.fields.map((f) => ({ ...d.field(path, f, answer.name), name: code(f.name) })) : [],
    versionField: m.tree.version,
    versioning: m.versioning.map((v) => ({ change: v.change, beforeOne: v.beforeOne, fromOne: v.fromOne })),
    external: m.external.map((e) => ({
      name: e.name,
      heading: `${e.name} blocks`,
      export: e.export,
      module: e.module,
      package: e.package,
      packageVersion: e.packageVersion,
      protocolVersion: e.protocolVersion,
      kinds: ((e.schema.anyOf ?? []) as { $ref?: string }[]).map((member) => {
        const def = member.$ref ? member.$ref.replace(/^#\/(\$defs|definitions)\//, '') : '';
        const props = (e.definitions[def]?.properties ?? {}) as Record<string, { const?: unknown }>;
        const [property, discriminator] = Object.entries(props).find(([, p]) => typeof p.const === 'string') ?? [];
        const kind = discriminator?.const;
        // MCP's schema reference has an anchor per definition, in lower case, under its protocol version.
        const mcp = e.protocolVersion
          ? `https://modelcontextprotocol.io/specification/${e.protocolVersion}/schema#${def.toLowerCase()}`
          : null;
        const sample = property && typeof kind === 'string' ? contentSample(m, d.vectors, property, kind) : null;
        return {
          definition: mcp ? `[${code(def)}](${mcp})` : code(def),
          plainDefinition: def,
          kind: typeof kind === 'string' ? kind : null,
          sample,
        };
      }),
    })),
    example: firstExample ? exampleBlock(firstExample) : null,
    pages: [
      { title: 'Types and fields', link: 'element.md' },
      { title: 'Roles', link: 'roles.md' },
      { title: 'Apple mapping', link: 'apple-mapping.md' },
      { title: 'Attributes', link: 'attributes.md' },
      { title: 'Conformance', link: 'conformance.md' },
      { title: 'Changelog', link: 'changelog/index.md' },
      ...migrations(d).map((x) => ({ title: x.title, link: x.path })),
    ],
  };
  return { path, title, description, position: 1, markdown: render('index.md', view) };
}
