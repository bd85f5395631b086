import { describe, expect, it } from 'vitest';
import { sdk } from '../helpers/sdk.js';
import { mcpExampleBlocks } from '../helpers/spec.js';

// readContent on MCP's own example blocks (test/fixtures/mcp, one per kind) and on kinds MCP does not define.
const lib = await sdk();
const examples = (await mcpExampleBlocks()).map((e) => e.block);

describe('readContent', () => {
  it('reads each of MCP\'s example blocks as a kind this version defines, the block itself unchanged', () => {
    expect(examples.map((b) => b.type).sort()).toEqual(['audio', 'image', 'resource', 'resource_link', 'text']);
    for (const block of examples) {
      const read = lib.readContent(block as never);
      expect(read, block.type).toEqual({ known: true, block });
      expect(read.block).toBe(block);
    }
  });

  it('keeps a block of any other kind whole, whatever its type says, and does not take a near miss for a kind', () => {
    for (const block of [{ type: 'hologram', frames: [1, 2] }, { type: 'Text', text: 'a' }, { type: 'text ', text: 'a' }, { type: '' }]) {
      const read = lib.readContent(block as never);
      expect(read, block.type).toEqual({ known: false, block });
      expect(read.block).toBe(block);
    }
  });
});
