/**
 * What a Type cell and a field's default say, as the spec reader reads them from a table. The model keeps them as
 * they are (model/types.ts exports them), so the reader needs nothing from the model: read/ comes before model/.
 */

/** A field's type: a primitive, a type the spec names, or a list of either. */
export type TypeRef =
  | { kind: 'primitive'; name: 'string' | 'boolean' | 'number' }
  | { kind: 'named'; name: string }
  | { kind: 'array'; items: TypeRef };

export type FieldDefault =
  | { kind: 'value'; value: boolean }
  /** Absent means the parent's value; the root's own value is `root`. */
  | { kind: 'inherit'; root: boolean };
