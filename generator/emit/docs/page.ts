/** One page of the docs, before and after rendering. Paths are relative to generated/docs/. */
export interface DocPage {
  path: string;
  title: string;
  description: string;
  position: number;
  markdown: string;
}
