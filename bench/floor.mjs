// The floor for `generate`: a process that loads the same dependencies and exits, doing no work.
await Promise.all([
  import('unified'), import('remark-parse'), import('remark-gfm'), import('ts-morph'), import('handlebars'),
  import('ajv/dist/2020.js'), import('zod/v4'), import('@modelcontextprotocol/sdk/types.js'), import('commander'),
  import('vfile-reporter'), import('semver'), import('remark-rehype').catch(() => null), import('rehype-stringify').catch(() => null),
]);
