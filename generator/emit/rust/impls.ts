import type { Lines } from '../core/lines.js';

/** What writes a body into the lines it is given. */
export type Write = (w: Lines) => void;

/** `head { fn signature { body } }`: an impl of one function, with the function's doc where it has one. */
export function implFn(w: Lines, head: string, signature: string, body: Write, doc?: string): Lines {
  return w.block(
    `${head} {`,
    (b) => {
      if (doc) b.line(`/// ${doc}`);
      b.block(`${signature} {`, body, '}');
    },
    '}',
  );
}

/** serde's Deserialize for a type, through its FromJson (which moves each value into its field). */
export const deserialize = (w: Lines, name: string) =>
  implFn(
    w,
    `impl<'de> Deserialize<'de> for ${name}`,
    "fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>",
    (b) => b.line('Self::from_json(Node::from_value(Value::deserialize(deserializer)?)).map_err(de::Error::custom)'),
  );

export const FROM_JSON = "fn from_json(value: Node<'_>) -> Result<Self, DecodeError>";
export const SERIALIZE = 'fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>';
