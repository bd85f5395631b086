/**
 * A pass over JSON text that refuses what JSON.parse would quietly accept but the Swift and Kotlin bindings
 * refuse, so all three read the same text the same way: a key repeated in one object (JSON.parse keeps the last)
 * and a lone surrogate, escaped or raw. One pass, an explicit stack, no recursion. Returns null when the text
 * passes, or what is wrong; malformed JSON is left to JSON.parse.
 */
export function scanJson(text: string): string | null {
  const keys: (Set<string> | null)[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) {
      keys.push(new Set());
      i++;
    } else if (c === 0x5b /* [ */) {
      keys.push(null);
      i++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      keys.pop();
      i++;
    } else if (c === 0x22 /* " */) {
      // A string: read it with its escapes, then see whether it is a key (a colon follows).
      let value = '';
      let start = ++i;
      for (;;) {
        if (i >= n) return null;
        const d = text.charCodeAt(i);
        if (d === 0x22) break;
        if (d === 0x5c /* \ */) {
          value += text.slice(start, i);
          const e = text.charCodeAt(i + 1);
          if (e === 0x75 /* u */) {
            const unit = Number.parseInt(text.slice(i + 2, i + 6), 16);
            if (Number.isNaN(unit)) return null;
            value += String.fromCharCode(unit);
            i += 6;
          } else {
            value += text[i + 1] ?? '';
            i += 2;
          }
          start = i;
          continue;
        }
        i++;
      }
      value += text.slice(start, i);
      i++;
      for (let k = 0; k < value.length; k++) {
        const u = value.charCodeAt(k);
        if (u >= 0xd800 && u <= 0xdbff) {
          const next = value.charCodeAt(k + 1);
          if (next >= 0xdc00 && next <= 0xdfff) k++;
          else return `a lone surrogate \\u${u.toString(16)} in ${JSON.stringify(value.slice(0, 40))}`;
        } else if (u >= 0xdc00 && u <= 0xdfff) {
          return `a lone surrogate \\u${u.toString(16)} in a string`;
        }
      }
      let j = i;
      while (j < n && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x0a || text.charCodeAt(j) === 0x0d || text.charCodeAt(j) === 0x09)) j++;
      const object = keys[keys.length - 1];
      if (text.charCodeAt(j) === 0x3a /* : */ && object) {
        if (object.has(value)) return `the key ${JSON.stringify(value)} twice in one object`;
        object.add(value);
      }
    } else {
      i++;
    }
  }
  return null;
}
