import type { TypeView } from '../kit/decl-types.js';

/** A union told apart by shape, named for its members (`TextResourceContentsOrBlobResourceContents`). */
export const unionName = (members: TypeView[]) => members.map((m) => (m.kind === 'ref' ? m.name : 'Value')).join('Or');

export function rustType(t: TypeView): string {
  switch (t.kind) {
    case 'string':
    case 'literal':
      return 'String';
    case 'boolean':
      return 'bool';
    case 'number':
    case 'integer':
      return 'Number';
    case 'json':
      return 'Value';
    case 'jsonObject':
      return 'Map<String, Value>';
    case 'array':
      return `Vec<${rustType(t.items)}>`;
    case 'ref':
      return t.name;
    case 'union':
      return unionName(t.members);
  }
}
